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
      email
      clientId
    }
    onBehalfOf {
      id
      name
      email
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
    undoable
  }
`);

/** One page of changes, as both history pages list it. */
export const CHANGE_PAGE = graphql(`
  fragment ChangePage on ChangeConnection {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      ...ChangeFields
    }
  }
`);
