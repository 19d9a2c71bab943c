// Every operation of the service, by name (docs/decisions/1005). Transports
// name operations; tests walk this catalog to prove that every REST route,
// GraphQL field, MCP tool and dashboard action runs one of these, with the
// scope, rate limit and idempotency it declares.
import { listConnectedApps, revokeConnectedApp } from "@/lib/domain/connected-apps/connected-apps";
import { getCampaignReport } from "@/lib/domain/reporting/get-campaign-report";
import { getCampaignTimeseries } from "@/lib/domain/reporting/get-campaign-timeseries";
import { getCreativePerformance } from "@/lib/domain/reporting/get-creative-performance";
import type { AnyOperation } from "./operation";

export const OPERATIONS = {
  getCampaignReport,
  getCampaignTimeseries,
  getCreativePerformance,
  listConnectedApps,
  revokeConnectedApp,
} as const satisfies Record<string, AnyOperation>;

export type OperationName = keyof typeof OPERATIONS;

export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(OPERATIONS, name);
}
