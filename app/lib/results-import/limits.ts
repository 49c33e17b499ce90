/** The results import's limits: shared by the parser, the server's form reading and the upload form. */
/** An upload above this is refused before it is read. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
/** 40 boats x 6 heats is 240 rows; a season's worth of heats fits too. */
export const MAX_IMPORT_ROWS = 5000;
/** Wider tables are not results. */
export const MAX_IMPORT_COLUMNS = 40;
