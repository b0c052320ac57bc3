// SUMMARY.md: parse into a tree of groups and pages, and write it back in GitBook's canonical form.
export { parseSummary } from './summary/parse.js';
export { serializeSummary } from './summary/serialize.js';
export type {
  ParseSummaryOptions,
  SummaryComputed,
  SummaryEntry,
  SummaryGroup,
  SummaryItem,
  SummaryLink,
  SummaryPage,
  SummaryResult,
} from './summary/types.js';
