// POST /api/ads/campaigns/{id}/variants: addCreativeVariant add a creative variant
import { addCreativeVariant } from "@/lib/domain/creatives/add-creative-variant";
import { restOperation } from "@/lib/http/rest-operation";
import { variantCreatedView } from "@/lib/http/views/campaigns";

export const dynamic = "force-dynamic";

export const POST = restOperation(addCreativeVariant, { params: ["id"], view: variantCreatedView, status: 201 });
