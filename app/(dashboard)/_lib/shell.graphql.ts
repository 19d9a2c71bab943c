// The shell's operation: who is signed in, their role, and the advertisers they switch between.
import { graphql } from "@/graphql/__generated__/client";

export const shellViewer = graphql(`
  query ShellViewer {
    viewer {
      role
      user {
        timeZone
      }
      advertiser {
        name
        email
      }
      memberships {
        advertiserId
        advertiserName
        role
        current
      }
    }
  }
`);
