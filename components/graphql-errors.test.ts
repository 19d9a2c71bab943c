import { describe, expect, it } from "vitest";
import { GraphqlError, graphqlErrorInfos, isNotFound, isUnauthenticated } from "./graphql-errors";

describe("GraphQL errors, read once for the server and the browser", () => {
  it("keeps the message, the extensions' code and the path", () => {
    const infos = graphqlErrorInfos([
      { message: 'No campaign with the id "x".', extensions: { code: "NOT_FOUND" }, path: ["campaign"] },
      { message: "odd", extensions: { code: 42 }, path: null },
      { message: "bare" },
    ]);
    expect(infos).toEqual([
      { message: 'No campaign with the id "x".', code: "NOT_FOUND", path: ["campaign"] },
      { message: "odd" },
      { message: "bare" },
    ]);
  });

  it("names the first error's code and recognizes a missing session and a 404", () => {
    const notFound = new GraphqlError(graphqlErrorInfos([{ message: "gone", extensions: { code: "NOT_FOUND" } }]));
    expect(notFound.code).toBe("NOT_FOUND");
    expect(notFound.message).toBe("gone");
    expect(isNotFound(notFound)).toBe(true);
    expect(isNotFound(new Error("gone"))).toBe(false);
    expect(
      isUnauthenticated(graphqlErrorInfos([{ message: "sign in", extensions: { code: "UNAUTHENTICATED" } }])),
    ).toBe(true);
    expect(isUnauthenticated(notFound.errors)).toBe(false);
  });

  it("says what failed when there is no error message", () => {
    expect(new GraphqlError([], 502).message).toBe("GraphQL request failed (502)");
    expect(new GraphqlError([]).message).toBe("GraphQL request failed");
    expect(new GraphqlError([], 502).status).toBe(502);
  });
});
