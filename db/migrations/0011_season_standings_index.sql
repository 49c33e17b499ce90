-- Season standings (issue 12, bench/championship.bench.ts): the standings read each race of the
-- season's results from this index alone (an index-only scan per race), never the whole table.
-- Key order: a race's results per class and racer; position and points make it covering.
CREATE INDEX race_results_season_idx ON race_results (race_id, boat_class, competitor_id, position, points);
