// The shell's viewer (who is signed in), read once per request: the layout shows
// the advertiser's name and pages that need it too (the notification preview's
// app name) share the same answer through React's cache().
import { cache } from "react";
import { ShellViewerDocument } from "@/graphql/__generated__/client/graphql";
import { query } from "./graphql";

export const shellViewer = cache(async () => (await query(ShellViewerDocument)).viewer);
