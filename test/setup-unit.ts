// Unit tests touch no database and no network; fail on unexpected console.error.
import { startFileAfresh } from "./fresh-module-state";

startFileAfresh();
Object.assign(process.env, { NODE_ENV: "test" });
process.env.LOG_LEVEL ??= "silent";
const { installConsoleErrorGuard } = await import("./console-guard");
installConsoleErrorGuard();
