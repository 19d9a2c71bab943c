import { z } from "zod";
import { momentTypeView } from "@/lib/domain/moment-types/moment-types.schemas";
import type { OperationDoc } from "../common";

export const momentTypesDocs = {
  listMomentTypes: {
    summary: "List moment types (E2)",
    description:
      "Public. The 11 moment types with floors and typical CTR ranges measured from delivered volume. Cached for 1 hour.",
    tags: ["Moment types"],
    responses: {
      "200": {
        description: "Every moment type",
        content: { "application/json": { schema: z.array(momentTypeView) } },
      },
    },
  },
} satisfies Record<string, OperationDoc>;
