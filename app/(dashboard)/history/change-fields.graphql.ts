// What the history pages show of each change (the account's /history and a campaign's History tab).
import { graphql } from "@/graphql/__generated__/client";

export const CHANGE_FIELDS = graphql(`
  fragment ChangeFields on Change {
    id
    at
    actor {
      type
      id
      name
    }
    onBehalfOf {
      id
      name
    }
    operation
    target {
      type
      id
    }
    campaignId
    fields {
      field
      from
      to
    }
    reason
  }
`);
