// RFC 9457 problem details: the rendering of AppError for every REST endpoint
// except the token endpoint, whose errors follow RFC 6749 (oauthError in lib/auth/auth.schemas.ts).
import { AppError, ERROR_CODES } from "@/lib/errors";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  request_id?: string;
  errors?: { path: string; message: string }[];
};

export function problemBody(error: AppError, requestId?: string): ProblemBody {
  return {
    type: `/docs/errors#${error.code}`,
    title: ERROR_CODES[error.code].title,
    status: error.status,
    detail: error.detail,
    code: error.code,
    ...(requestId ? { request_id: requestId } : {}),
    ...(error.fieldErrors?.length ? { errors: error.fieldErrors } : {}),
  };
}

export function problemResponse(error: AppError, requestId?: string, headers: HeadersInit = {}): Response {
  const response = new Response(JSON.stringify(problemBody(error, requestId)), {
    status: error.status,
    headers: { "content-type": PROBLEM_CONTENT_TYPE, "cache-control": "no-store", ...error.headers },
  });
  for (const [name, value] of new Headers(headers)) response.headers.set(name, value);
  if (requestId) response.headers.set("x-request-id", requestId);
  return response;
}
