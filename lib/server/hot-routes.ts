// The routes served by the custom server's hot router (see hot-router.ts).
import { HotRouter } from "./hot-router";

export function createHotRouter(): HotRouter {
  return new HotRouter();
}
