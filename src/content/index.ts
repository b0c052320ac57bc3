export { parseMarkdown, readMarkdown, markdownOf } from './markdown/index.js';
export { bodyUnderTitle, isTitleHeading, parsePageFile, serializePageFile, type PageFile, type PageFileOptions } from './page-file.js';
export { splitFrontmatter, frontmatterText, type Frontmatter } from './frontmatter.js';
export * from './nodes.js';
export { parseSummary, serializeSummary } from './summary.js';
export type { ParseSummaryOptions, SummaryComputed, SummaryEntry, SummaryGroup, SummaryItem, SummaryLink, SummaryPage, SummaryResult } from './summary.js';
export { parseGitBookYaml, parseDocsYaml, resolveSpacePaths, GITBOOK_YAML_DEFAULTS, DOCS_YAML_NAMES } from './gitbook-config.js';
export type { GitBookYaml, SpacePaths, DocsYaml, DocsNode, DocsNodeType, DocsSpace } from './gitbook-config.js';
export { extractLinks, frontmatterLinks, classifyLink } from './links.js';
export type { ExtractedLink, ExtractLinksOptions, LinkKind, LinkNode } from './links.js';
export { NOT_SEARCHED, searchSections, sectionsHoldUnderAnyTitle, underTitle, type Section } from './search-text.js';
export { aliasKey, type AnchorAliases, type HeadingAnchor, headingAliases, legacyGitbookId, resolveAlias, resolveAnchor } from './heading-aliases.js';
export { slugify, pageSlug, uniqueSlug, gitbookHeadingId, githubHeadingId, HeadingSlugger, type HeadingIdStyle } from './slug.js';
export {
  normalizePath,
  joinPath,
  dirname,
  basename,
  extname,
  decodePath,
  isAbsoluteUrl,
  splitAnchor,
  resolveRelative,
  relativeTo,
  relativeFromDir,
} from './paths.js';
export { toDocument, fromDocument, documentRoundTrip, type DocumentOptions } from './document/index.js';
