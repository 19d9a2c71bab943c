// The process-wide delivery engine used by the hot routes and workers (kept on
// globalThis like the database client: server.ts and Next bundles share it).
import { dbKind } from "@/lib/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { DeliveryEngine } from "./delivery-engine";
import type { DeliveryStore } from "../store/delivery-store";
import { PgDeliveryStore } from "../store/pg-store";
import { SqliteDeliveryStore } from "../store/sqlite-store";

export function createDeliveryStore(url = env().DATABASE_URL): DeliveryStore {
  // SQLite: on the connection of the process-wide client (whose URL is DATABASE_URL)
  return dbKind() === "postgresql" ? new PgDeliveryStore(url) : new SqliteDeliveryStore();
}

type Holder = { url: string; engine: Promise<DeliveryEngine> };
const holder = globalThis as unknown as { __smaDelivery?: Holder };

/** The started engine for DATABASE_URL (started on first use). */
export function deliveryEngine(): Promise<DeliveryEngine> {
  const url = env().DATABASE_URL;
  if (holder.__smaDelivery?.url === url) return holder.__smaDelivery.engine;
  const engine = new DeliveryEngine({
    store: createDeliveryStore(url),
    log: logger().child({ area: "delivery" }),
    publicBaseUrl: env().PUBLIC_BASE_URL,
  }).start();
  holder.__smaDelivery = { url, engine };
  // a failed start is retried by the next caller
  engine.catch(() => {
    if (holder.__smaDelivery?.engine === engine) holder.__smaDelivery = undefined;
  });
  return engine;
}

/** Stops the engine (flushes its writer); the next deliveryEngine() starts a new one. */
export async function stopDeliveryEngine(): Promise<void> {
  const held = holder.__smaDelivery;
  holder.__smaDelivery = undefined;
  if (!held) return;
  const engine = await held.engine.catch(() => null);
  if (engine) {
    await engine.stop();
    await engine.store.close();
  }
}
