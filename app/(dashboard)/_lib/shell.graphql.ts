// The shell's operation: who is signed in, their role, the advertisers they switch between, and
// their unread alerts (the header's bell).
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
      notifications(first: 0) {
        unreadCount
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
