// Every shell command registers itself in `commands` (server/cli.ts) when imported here.
import "./admin";
import "./backup";
import "./import";
