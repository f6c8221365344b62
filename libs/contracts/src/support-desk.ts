import { campaignToolPaths } from './paths';
import { z } from 'zod';
import { projectionHealthSchema } from './health';
import { localeSchema } from './profile';
import { CAMPAIGN_MESSAGE, CAMPAIGN_SUBJECT, KB_BODY, KB_CATEGORY_NAME, KB_SUMMARY, KB_TITLE, TEMPLATE_ACTION, TEMPLATE_BODY, TEMPLATE_SUBJECT } from './form-limits/admin';
import { supportDeskPaths } from './paths';
import type { HeaderContract, RouteContract } from './routes';
import { safeText, text } from './text';
import { sharedText } from '@crew/rules';

/**
 * The support desk's communications (email templates, campaigns, unsubscribe
 * and open tracking), knowledge base (admin editing and the public Help
 * centre) and system health (service checks, error logs, projections).
 */

export const CAMPAIGN_AUDIENCES = ['all_users', 'skippers', 'crew', 'premium', 'free'] as const;
export type CampaignAudience = (typeof CAMPAIGN_AUDIENCES)[number];
/** How many error log entries are kept (the oldest go first). */
export const ERROR_LOG_CAP = 1000;

/** The pixel a campaign mail loads (not in the API document: it answers an image). */
export const MAIL_OPEN_PIXEL_PREFIX = '/api/mail/open/';

const id = z.string();

// ---------------------------------------------------------------------------------------------
// Email templates
// ---------------------------------------------------------------------------------------------

export const templateVariableSchema = z.object({ name: z.string(), description: z.string() });

export const emailTemplateSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string(),
    /** transactional mail is always sent; marketing mail honours unsubscribes. */
    category: z.enum(['transactional', 'marketing']),
    subject: z.string(),
    body: z.string().describe('Paragraphs separated by a blank line; {{variable}} placeholders; a paragraph whose variables are all empty is left out'),
    action_label: z.string().nullable(),
    action_url: z.string().nullable(),
    variables: z.array(templateVariableSchema),
    /** The stored text differs from the one the product ships with (in this version's language). */
    customized: z.boolean(),
    /** The language of this version (English unless another was asked for with `?locale=`). */
    locale: localeSchema.optional(),
    /** This language has no version of its own: its recipients get the English one, which is what this shows. */
    fallback: z.boolean().optional(),
    updated_at: z.string().nullable(),
    last_used: z.string().nullable(),
    usage_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'EmailTemplate' });
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateListSchema = z.object({ templates: z.array(emailTemplateSchema) }).meta({ id: 'EmailTemplateList' });
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

/** Which language's version of a template to read, save, reset or preview (English when not given). */
export const emailTemplateLocaleQuerySchema = z.object({ locale: localeSchema.optional() }).meta({ id: 'EmailTemplateLocaleQuery' });
export type EmailTemplateLocaleQuery = z.infer<typeof emailTemplateLocaleQuerySchema>;

export const emailTemplateUpdateSchema = z
  .object({
    subject: text({ min: TEMPLATE_SUBJECT.min, max: TEMPLATE_SUBJECT.max, minMessage: 'Subject is required' }),
    body: safeText().trim().min(TEMPLATE_BODY.min, 'The message is required').max(TEMPLATE_BODY.max),
    action_label: text({ max: TEMPLATE_ACTION.labelMax }).nullable().optional(),
    action_url: text({ max: TEMPLATE_ACTION.urlMax }).nullable().optional(),
  })
  .strict()
  .meta({ id: 'EmailTemplateUpdate' });
export type EmailTemplateUpdate = z.input<typeof emailTemplateUpdateSchema>;

export const emailTemplatePreviewSchema = z
  .object({ subject: z.string(), text: z.string(), html: z.string(), sample: z.record(z.string(), z.string()) })
  .meta({ id: 'EmailTemplatePreview' });
export type EmailTemplatePreview = z.infer<typeof emailTemplatePreviewSchema>;

export const emailTemplateSavedSchema = z.object({ message: z.string(), template: emailTemplateSchema }).meta({ id: 'EmailTemplateSaved' });
export type EmailTemplateSaved = z.infer<typeof emailTemplateSavedSchema>;

// ---------------------------------------------------------------------------------------------
// Campaigns and communications
// ---------------------------------------------------------------------------------------------

const AUDIENCE_MESSAGE = sharedText('Audience must be one of {audiences}', { audiences: CAMPAIGN_AUDIENCES.join(', ') });

export const sendCampaignRequestSchema = z
  .object({
    audience: z.enum(CAMPAIGN_AUDIENCES, { message: AUDIENCE_MESSAGE }),
    subject: text({ min: CAMPAIGN_SUBJECT.min, max: CAMPAIGN_SUBJECT.max, minMessage: 'Subject is required' }),
    template: text({ min: 1, max: 60 }).default('campaign'),
    message: safeText().trim().min(CAMPAIGN_MESSAGE.min, 'Message is required').max(CAMPAIGN_MESSAGE.max),
  })
  .strict()
  .meta({ id: 'SendCampaignRequest' });
export type SendCampaignRequest = z.input<typeof sendCampaignRequestSchema>;

export const communicationSchema = z
  .object({
    id,
    subject: z.string(),
    template: z.string(),
    audience: z.enum(CAMPAIGN_AUDIENCES),
    /** "All users (1,204)" and the like. */
    recipient_info: z.string(),
    sent_at: z.string(),
    status: z.enum(['queuing', 'sending', 'sent', 'failed']),
    recipients: z.number().int().nonnegative(),
    queued: z.number().int().nonnegative(),
    sent_count: z.number().int().nonnegative(),
    failed_count: z.number().int().nonnegative(),
    skipped_count: z.number().int().nonnegative().describe('Unsubscribed (or erased) after the campaign was queued'),
    opened_count: z.number().int().nonnegative().describe('Mails whose tracking image was loaded; clients that block images are not counted'),
  })
  .meta({ id: 'Communication' });
export type Communication = z.infer<typeof communicationSchema>;

export const recentCommunicationsSchema = z.object({ communications: z.array(communicationSchema) }).meta({ id: 'RecentCommunications' });
export type RecentCommunications = z.infer<typeof recentCommunicationsSchema>;

/** Its paths live zod-free in paths.ts, so the web client can name them without the schema library. */
export { campaignToolPaths };

export const campaignAudienceQuerySchema = z
  .object({ audience: z.enum(CAMPAIGN_AUDIENCES, { message: AUDIENCE_MESSAGE }) })
  .strict()
  .meta({ id: 'CampaignAudienceQuery' });
export type CampaignAudienceQuery = z.infer<typeof campaignAudienceQuerySchema>;

export const campaignAudienceCountSchema = z
  .object({
    audience: z.enum(CAMPAIGN_AUDIENCES),
    recipients: z
      .number()
      .int()
      .nonnegative()
      .describe('Members a campaign to this audience would be queued for now (unsubscribed, suspended and administrator-only accounts left out)'),
  })
  .meta({ id: 'CampaignAudienceCount' });
export type CampaignAudienceCount = z.infer<typeof campaignAudienceCountSchema>;

/** The campaign form's content, for a preview or a test send (the audience is not needed). */
export const campaignDraftSchema = z
  .object({
    subject: text({ min: CAMPAIGN_SUBJECT.min, max: CAMPAIGN_SUBJECT.max, minMessage: 'Subject is required' }),
    template: text({ min: 1, max: 60 }).default('campaign'),
    message: safeText().trim().min(CAMPAIGN_MESSAGE.min, 'Message is required').max(CAMPAIGN_MESSAGE.max),
  })
  .strict()
  .meta({ id: 'CampaignDraft' });
export type CampaignDraft = z.input<typeof campaignDraftSchema>;

export const campaignPreviewSchema = z
  .object({ subject: z.string(), text: z.string(), html: z.string() })
  .meta({ id: 'CampaignPreview', description: 'The mail as a member receives it, rendered for the signed-in administrator (their first name; the unsubscribe footer included)' });
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

export const campaignTestSentSchema = z.object({ message: z.string(), recipient: z.string() }).meta({ id: 'CampaignTestSent' });
export type CampaignTestSent = z.infer<typeof campaignTestSentSchema>;

/** An Idempotency-Key: 1–200 visible ASCII characters (a UUID per submission is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** Without an Idempotency-Key, the same admin sending the same campaign again within this many seconds gets the first one back. */
export const CAMPAIGN_REPEAT_WINDOW_SECONDS = 300;

const sendCampaignHeaders = {
  'Idempotency-Key': {
    description:
      'Names one submission of the campaign form (1–200 visible ASCII characters; the admin screen sends a new UUID per submission). ' +
      'A request repeating a key answers the campaign that key created, and queues nothing; the same key with a different audience, subject, template or message is 409 IDEMPOTENCY_KEY_REUSED. ' +
      `Without it, the same administrator sending the same audience, subject, template and message again within ${CAMPAIGN_REPEAT_WINDOW_SECONDS / 60} minutes gets the first campaign back.`,
    schema: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
  },
} as const satisfies Record<string, HeaderContract>;
const sendCampaignResponseHeaders = {
  'Idempotent-Replayed': { description: '`true` when the answer is the campaign an earlier request created (nothing new was queued)', schema: z.literal('true') },
} as const satisfies Record<string, HeaderContract>;

export const sendCampaignResponseSchema = z.object({ message: z.string(), campaign: communicationSchema }).meta({ id: 'SendCampaignResponse' });
export type SendCampaignResponse = z.infer<typeof sendCampaignResponseSchema>;

/** What a member reads when an unsubscribe link is cut short, altered or not ours: one plain sentence and a way on. */
export const INVALID_UNSUBSCRIBE_LINK = {
  code: 'INVALID_UNSUBSCRIBE_LINK',
  message: 'This unsubscribe link is not valid. Sign in and turn news mail off in your profile instead.',
} as const;

export const unsubscribeRequestSchema = z
  .object({ user: z.uuid('Invalid unsubscribe link'), token: safeText().min(1, 'Invalid unsubscribe link').max(200) })
  .strict()
  .meta({ id: 'UnsubscribeRequest' });
export type UnsubscribeRequest = z.input<typeof unsubscribeRequestSchema>;

/** The one-click unsubscribe URL's query: the same signed pair as the unsubscribe link. */
export const unsubscribeOneClickQuerySchema = z
  .object({ user: z.uuid('Invalid unsubscribe link'), token: safeText().min(1, 'Invalid unsubscribe link').max(200) })
  .strict()
  .meta({ id: 'UnsubscribeOneClickQuery' });
export type UnsubscribeOneClickQuery = z.input<typeof unsubscribeOneClickQuerySchema>;

export const mailPreferencesSchema = z
  .object({ marketing: z.boolean().describe('News and campaign mail from Crew Finder; account and voyage mail is always sent') })
  .meta({ id: 'MailPreferences' });
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;
export const mailPreferencesUpdateSchema = z.object({ marketing: z.boolean() }).strict().meta({ id: 'MailPreferencesUpdate' });

// ---------------------------------------------------------------------------------------------
// Knowledge base
// ---------------------------------------------------------------------------------------------

export const kbCategorySchema = z.object({ id, name: z.string(), slug: z.string(), article_count: z.number().int().nonnegative() }).meta({ id: 'KbCategory' });
export type KbCategory = z.infer<typeof kbCategorySchema>;
export const kbCategoryListSchema = z.object({ categories: z.array(kbCategorySchema) }).meta({ id: 'KbCategoryList' });
export type KbCategoryList = z.infer<typeof kbCategoryListSchema>;
export const kbCategoryRequestSchema = z
  .object({ name: text({ min: KB_CATEGORY_NAME.min, max: KB_CATEGORY_NAME.max, minMessage: 'Category name is required' }) })
  .strict()
  .meta({ id: 'KbCategoryRequest' });
export type KbCategoryRequest = z.input<typeof kbCategoryRequestSchema>;

export const kbArticleSummarySchema = z
  .object({
    id,
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    category_id: z.string(),
    category: z.string(),
    published: z.boolean(),
    view_count: z.number().int().nonnegative(),
    helpful_count: z.number().int().nonnegative(),
    total_votes: z.number().int().nonnegative(),
    updated_at: z.string(),
  })
  .meta({ id: 'KbArticleSummary' });
export type KbArticleSummary = z.infer<typeof kbArticleSummarySchema>;

export const kbArticleSchema = kbArticleSummarySchema.extend({ body: z.string().describe('Markdown'), created_at: z.string() }).meta({ id: 'KbArticle' });
export type KbArticle = z.infer<typeof kbArticleSchema>;

export const kbArticleListSchema = z.object({ articles: z.array(kbArticleSummarySchema) }).meta({ id: 'KbArticleList' });
export type KbArticleList = z.infer<typeof kbArticleListSchema>;

export const kbArticleQuerySchema = z
  .object({ category: z.string().max(100).optional() })
  .strict()
  .meta({ id: 'KbArticleQuery' });

export const kbArticleRequestSchema = z
  .object({
    title: text({ min: KB_TITLE.min, max: KB_TITLE.max, minMessage: sharedText('Title needs at least {min} characters', { min: KB_TITLE.min }) }),
    summary: text({ max: KB_SUMMARY.max }).default(''),
    body: safeText().trim().min(KB_BODY.min, 'The article text is required').max(KB_BODY.max),
    category_id: z.uuid('Choose a category'),
    published: z.boolean().default(true),
  })
  .strict()
  .meta({ id: 'KbArticleRequest' });
export type KbArticleRequest = z.input<typeof kbArticleRequestSchema>;

export const kbArticleSavedSchema = z.object({ message: z.string(), article: kbArticleSchema }).meta({ id: 'KbArticleSaved' });
export type KbArticleSaved = z.infer<typeof kbArticleSavedSchema>;

export const helpArticleQuerySchema = z
  .object({ q: safeText().max(200).optional(), category: z.string().max(100).optional() })
  .strict()
  .meta({ id: 'HelpArticleQuery' });

/** A published article as the Help centre lists it: the whole text, so the FAQ can open in place. */
export const helpArticleSchema = z
  .object({ id, slug: z.string(), title: z.string(), summary: z.string(), body: z.string(), category: z.string(), category_slug: z.string(), updated_at: z.string() })
  .meta({ id: 'HelpArticle' });
export type HelpArticle = z.infer<typeof helpArticleSchema>;
export const helpArticleListSchema = z.object({ articles: z.array(helpArticleSchema), total: z.number().int() }).meta({ id: 'HelpArticleList' });
export type HelpArticleList = z.infer<typeof helpArticleListSchema>;
export const helpArticleDetailSchema = helpArticleSchema.extend({ helpful_count: z.number().int(), total_votes: z.number().int() }).meta({ id: 'HelpArticleDetail' });
export type HelpArticleDetail = z.infer<typeof helpArticleDetailSchema>;

export const helpVoteRequestSchema = z
  .object({ helpful: z.boolean(), voter: z.uuid('voter must be a random id kept by the browser') })
  .strict()
  .meta({ id: 'HelpVoteRequest' });
export type HelpVoteRequest = z.input<typeof helpVoteRequestSchema>;
export const helpVoteResponseSchema = z.object({ message: z.string(), helpful_count: z.number().int(), total_votes: z.number().int() }).meta({ id: 'HelpVoteResponse' });
export type HelpVoteResponse = z.infer<typeof helpVoteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// System health
// ---------------------------------------------------------------------------------------------

export const serviceHealthSchema = z
  .object({
    name: z.string(),
    status: z.enum(['healthy', 'warning', 'down', 'disabled']),
    response_time: z.number().nullable().describe('Milliseconds of the last check'),
    uptime: z.number().nullable().describe('Percent of the checks of the last 24 hours that were not down; null before the first'),
    last_check: z.string().nullable(),
    detail: z.string().nullable(),
  })
  .meta({ id: 'ServiceHealth' });
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

export const errorLogSchema = z
  .object({ id, level: z.enum(['error', 'warning']), message: z.string(), source: z.string(), timestamp: z.string(), request_id: z.string().nullable() })
  .meta({ id: 'ErrorLogEntry' });
export type ErrorLogEntry = z.infer<typeof errorLogSchema>;

export const systemHealthSchema = z
  .object({ services: z.array(serviceHealthSchema), error_logs: z.array(errorLogSchema), projections: z.array(projectionHealthSchema), checked_at: z.string() })
  .meta({ id: 'SystemHealth' });
export type SystemHealth = z.infer<typeof systemHealthSchema>;

export const rebuildStartedSchema = z.object({ message: z.string(), projection: z.string() }).meta({ id: 'RebuildStarted' });
export type RebuildStarted = z.infer<typeof rebuildStartedSchema>;

const messageSchema = z.object({ message: z.string() });

export const supportDeskRoutes = {
  listEmailTemplates: {
    method: 'GET',
    path: supportDeskPaths.emailTemplates,
    summary: 'Email templates the platform sends, with their variables, last use and usage count, in one language (`?locale=`, English by default)',
    tag: 'admin',
    auth: 'admin',
    query: emailTemplateLocaleQuerySchema,
    response: emailTemplateListSchema,
  },
  updateEmailTemplate: {
    method: 'PUT',
    path: supportDeskPaths.emailTemplate,
    summary:
      "Change the subject and text of an email template's version in one language (`?locale=`, English by default); mail sent from now on to members of that language uses it",
    tag: 'admin',
    auth: 'admin',
    query: emailTemplateLocaleQuerySchema,
    body: emailTemplateUpdateSchema,
    response: emailTemplateSavedSchema,
    errors: [422],
    errorCodes: { 422: ['UNKNOWN_VARIABLE'] },
  },
  resetEmailTemplate: {
    method: 'DELETE',
    path: supportDeskPaths.emailTemplate,
    summary:
      'Restore the text an email template ships with in one language (`?locale=`, English by default); a language the product has no translation of falls back to the English version',
    tag: 'admin',
    auth: 'admin',
    query: emailTemplateLocaleQuerySchema,
    response: emailTemplateSavedSchema,
  },
  previewEmailTemplate: {
    method: 'POST',
    path: supportDeskPaths.emailTemplatePreview,
    summary: 'Render a draft of a template with sample values (in the layout of the language `?locale=` names)',
    tag: 'admin',
    auth: 'admin',
    query: emailTemplateLocaleQuerySchema,
    body: emailTemplateUpdateSchema,
    response: emailTemplatePreviewSchema,
    errors: [422],
    errorCodes: { 422: ['UNKNOWN_VARIABLE'] },
  },
  recentCommunications: {
    method: 'GET',
    path: supportDeskPaths.recentCommunications,
    summary: 'Recent campaigns with their progress: recipients, queued, sent, failed, skipped and opened',
    tag: 'admin',
    auth: 'admin',
    response: recentCommunicationsSchema,
  },
  sendCampaign: {
    method: 'POST',
    path: supportDeskPaths.sendCampaign,
    summary: 'Send an email campaign to an audience: one mail job per recipient; users who unsubscribed are skipped',
    tag: 'admin',
    auth: 'admin',
    body: sendCampaignRequestSchema,
    response: sendCampaignResponseSchema,
    status: 201,
    errors: [409, 422],
    errorCodes: { 400: ['INVALID_IDEMPOTENCY_KEY'], 409: ['IDEMPOTENCY_KEY_REUSED'], 422: ['UNKNOWN_TEMPLATE', 'NO_RECIPIENTS'] },
    requestHeaders: sendCampaignHeaders,
    responseHeaders: sendCampaignResponseHeaders,
  },
  campaignAudienceCount: {
    method: 'GET',
    path: campaignToolPaths.audienceCount,
    summary: 'How many members a campaign to an audience would reach now',
    tag: 'admin',
    auth: 'admin',
    query: campaignAudienceQuerySchema,
    response: campaignAudienceCountSchema,
  },
  campaignPreview: {
    method: 'POST',
    path: campaignToolPaths.preview,
    summary: 'Render a campaign as members would receive it (addressed to the signed-in administrator); nothing is stored or sent',
    tag: 'admin',
    auth: 'admin',
    body: campaignDraftSchema,
    response: campaignPreviewSchema,
    errors: [422],
    errorCodes: { 422: ['UNKNOWN_TEMPLATE'] },
  },
  campaignTestSend: {
    method: 'POST',
    path: campaignToolPaths.testSend,
    summary: 'Mail the campaign to the signed-in administrator only (subject marked [Test]); no campaign is recorded and no member is mailed',
    tag: 'admin',
    auth: 'admin',
    body: campaignDraftSchema,
    response: campaignTestSentSchema,
    status: 200,
    errors: [422, 503],
    errorCodes: { 422: ['UNKNOWN_TEMPLATE'], 503: ['MAIL_UNAVAILABLE'] },
  },
  kbCategories: {
    method: 'GET',
    path: supportDeskPaths.kbCategories,
    summary: 'Knowledge base categories with article counts',
    tag: 'admin',
    auth: 'admin',
    response: kbCategoryListSchema,
  },
  createKbCategory: {
    method: 'POST',
    path: supportDeskPaths.kbCategories,
    summary: 'Add a knowledge base category',
    tag: 'admin',
    auth: 'admin',
    body: kbCategoryRequestSchema,
    response: kbCategorySchema,
    status: 201,
    errors: [409],
    errorCodes: { 409: ['CATEGORY_EXISTS'] },
  },
  kbArticles: {
    method: 'GET',
    path: supportDeskPaths.kbArticles,
    summary: 'Knowledge base articles (drafts included), optionally of one category, with views and votes',
    tag: 'admin',
    auth: 'admin',
    query: kbArticleQuerySchema,
    response: kbArticleListSchema,
  },
  createKbArticle: {
    method: 'POST',
    path: supportDeskPaths.kbArticles,
    summary: 'Write a knowledge base article (markdown); published ones show in the Help centre',
    tag: 'admin',
    auth: 'admin',
    body: kbArticleRequestSchema,
    response: kbArticleSavedSchema,
    status: 201,
    errors: [422],
    errorCodes: { 422: ['UNKNOWN_CATEGORY'] },
  },
  kbArticle: { method: 'GET', path: supportDeskPaths.kbArticle, summary: 'One article with its text and figures', tag: 'admin', auth: 'admin', response: kbArticleSchema },
  updateKbArticle: {
    method: 'PUT',
    path: supportDeskPaths.kbArticle,
    summary: 'Change a knowledge base article',
    tag: 'admin',
    auth: 'admin',
    body: kbArticleRequestSchema,
    response: kbArticleSavedSchema,
    errors: [422],
    errorCodes: { 422: ['UNKNOWN_CATEGORY'] },
  },
  systemHealth: {
    method: 'GET',
    path: supportDeskPaths.systemHealth,
    summary: 'Service cards from the periodic checks (status, response time, 24-hour uptime, last check), recent error logs and projections',
    tag: 'admin',
    auth: 'admin',
    response: systemHealthSchema,
  },
  refreshSystemHealth: {
    method: 'POST',
    path: supportDeskPaths.systemHealthRefresh,
    summary: 'Check every service now, record the result, and answer as system-health does',
    tag: 'admin',
    auth: 'admin',
    response: systemHealthSchema,
  },
  rebuildProjection: {
    method: 'POST',
    path: supportDeskPaths.rebuildProjection,
    summary: 'Rebuild a projection from the log while the API keeps serving (progress shows in system health); same as npm run projections -- rebuild',
    tag: 'admin',
    auth: 'admin',
    response: rebuildStartedSchema,
    status: 201,
    errors: [409],
    errorCodes: { 409: ['REBUILD_RUNNING'] },
  },
  helpCategories: {
    method: 'GET',
    path: supportDeskPaths.helpCategories,
    summary: 'Help centre categories with their published article counts',
    tag: 'help',
    auth: 'public',
    response: kbCategoryListSchema,
  },
  helpArticles: {
    method: 'GET',
    path: supportDeskPaths.helpArticles,
    summary: 'Published help articles, searched by words (title first) and filtered by category slug',
    tag: 'help',
    auth: 'public',
    query: helpArticleQuerySchema,
    response: helpArticleListSchema,
  },
  helpArticle: {
    method: 'GET',
    path: supportDeskPaths.helpArticle,
    summary: 'One published help article; counts a view',
    tag: 'help',
    auth: 'public',
    response: helpArticleDetailSchema,
  },
  helpArticleVote: {
    method: 'POST',
    path: supportDeskPaths.helpArticleVote,
    summary: '"Was this helpful?": one vote per reader (a random id the browser keeps), which they may change',
    tag: 'help',
    auth: 'public',
    body: helpVoteRequestSchema,
    response: helpVoteResponseSchema,
  },
  unsubscribe: {
    method: 'POST',
    path: supportDeskPaths.unsubscribe,
    summary: 'Stop campaign mail with the signed link every campaign mail carries (account mail is still sent)',
    tag: 'mail',
    auth: 'public',
    body: unsubscribeRequestSchema,
    response: messageSchema.meta({ id: 'UnsubscribeResponse' }),
    errors: [403],
    errorCodes: { 403: ['INVALID_UNSUBSCRIBE_LINK'] },
  },
  unsubscribeOneClick: {
    method: 'POST',
    path: supportDeskPaths.unsubscribeOneClick,
    summary:
      'RFC 8058 one-click unsubscribe, posted by mail clients from the List-Unsubscribe header (body List-Unsubscribe=One-Click, form-encoded or multipart; no session: the signed user and token are in the query)',
    tag: 'mail',
    auth: 'public',
    query: unsubscribeOneClickQuerySchema,
    response: messageSchema.meta({ id: 'UnsubscribeOneClickResponse' }),
    errors: [403],
    errorCodes: { 403: ['INVALID_UNSUBSCRIBE_LINK'] },
  },
  getMailPreferences: {
    method: 'GET',
    path: supportDeskPaths.mailPreferences,
    summary: 'Whether the signed-in user receives campaign mail',
    tag: 'profile',
    auth: 'user',
    response: mailPreferencesSchema,
  },
  updateMailPreferences: {
    method: 'PUT',
    path: supportDeskPaths.mailPreferences,
    summary: 'Turn campaign mail on or off',
    tag: 'profile',
    auth: 'user',
    body: mailPreferencesUpdateSchema,
    response: mailPreferencesSchema,
  },
} as const satisfies Record<string, RouteContract>;
