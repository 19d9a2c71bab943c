// Unit tests touch no database and no network; fail on unexpected console.error.
import { installConsoleErrorGuard } from "./console-guard";

Object.assign(process.env, { NODE_ENV: "test" });
process.env.LOG_LEVEL ??= "silent";
installConsoleErrorGuard();
