// `npm start`: build if the sources changed since the last build, then serve.
import { ensureBuild } from "./ensure-build.js";

ensureBuild();
await import("../server.js");
