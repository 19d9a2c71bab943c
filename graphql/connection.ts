// A domain page -> a Relay connection (edges with cursors, nodes, pageInfo, totalCount).
import type { Page } from "@/lib/domain/pagination";

export function connection<Row, Node>(page: Page<Row> & { totalCount: number }, present: (row: Row) => Node) {
  const nodes = page.rows.map(present);
  return {
    edges: nodes.map((node, index) => ({ cursor: page.cursors[index]!, node })),
    nodes,
    pageInfo: page.pageInfo,
    totalCount: page.totalCount,
  };
}
