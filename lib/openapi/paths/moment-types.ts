import type { OperationDoc } from "../common";

export const momentTypesDocs = {
  listMomentTypes: {
    summary: "List moment types (E2)",
    description:
      "Public. The 11 moment types with floors and typical CTR ranges measured from delivered volume. Cached for 1 hour.",
    tags: ["Moment types"],
    returns: "Every moment type",
  },
} satisfies Record<string, OperationDoc>;
