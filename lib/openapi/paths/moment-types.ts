import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { listMomentTypes } from "@/lib/domain/moment-types/list-moment-types";
import { momentTypeView } from "@/lib/domain/moment-types/moment-types.schemas";
import { operationDoc } from "../common";

export const momentTypesPaths: ZodOpenApiPathsObject = {
  "/api/ads/moment-types": {
    get: operationDoc(listMomentTypes, {
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
    }),
  },
};
