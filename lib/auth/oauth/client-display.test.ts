// What the consent page shows of a client (lib/auth/oauth/grants.ts clientDisplay).
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { describe, expect, it } from "vitest";
import { clientDisplay } from "./grants";

const registered = { client_id: "oac_1", client_name: "Agent", redirect_uris: [] } as OAuthClientInformationFull;

describe("F7: the consent page shows the whole redirect URI", () => {
  it("F7: a private-use scheme's redirect is shown in full, scheme and path, not a host alone", () => {
    const shown = clientDisplay(registered, "com.evil.app:/callback?x=1");
    expect(shown.redirectUri).toBe("com.evil.app:/callback?x=1");
  });

  it("F7: an https redirect is shown in full too, beside the client_id's host of a metadata document", () => {
    const cimd = { ...registered, client_id: "https://agent.example/client.json" };
    const shown = clientDisplay(cimd, "https://agent.example/oauth/done");
    expect(shown.host).toBe("agent.example");
    expect(shown.redirectUri).toBe("https://agent.example/oauth/done");
  });
});
