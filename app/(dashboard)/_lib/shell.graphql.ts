// The shell's operation: who is signed in.
import { graphql } from "@/graphql/__generated__/client";

export const shellViewer = graphql(`
  query ShellViewer {
    viewer {
      advertiser {
        name
        email
      }
    }
  }
`);
