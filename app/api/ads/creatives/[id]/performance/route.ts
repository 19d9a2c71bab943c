// GET /api/ads/creatives/{id}/performance: getCreativePerformance, a creative's delivered results and traffic share
import { getCreativePerformance } from "@/lib/domain/reporting/get-creative-performance";
import { restOperation } from "@/lib/http/rest-operation";
import { creativePerformanceView } from "@/lib/http/views/reporting";

export const dynamic = "force-dynamic";

export const GET = restOperation(getCreativePerformance, { params: ["id"], view: creativePerformanceView });
