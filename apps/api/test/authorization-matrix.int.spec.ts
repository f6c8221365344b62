import { routes, type RouteContract } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import sharp from 'sharp';
import { hashPassword } from '../src/modules/accounts/password-hasher';
import type { Application } from '../src/application';
import { insertUser, signInWithPassword, startTestApp, type TestApp } from './support/harness';

/**
 * Who may call what: every route that needs a session or names an id, called
 * by four actors (a guest, the owner of the resource, another signed-in user,
 * an administrator). A route in the contracts without a row here fails the
 * suite, so no new route ships without its permissions being stated.
 */
type Actor = 'guest' | 'owner' | 'other' | 'admin';
interface Row {
  readonly body?: () => unknown;
  readonly photo?: true;
  readonly params?: () => Record<string, string>;
  readonly query?: string;
  readonly expect: Record<Actor, number>;
}

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Partial<Record<Actor, string>> = {};
const ids: Record<string, string> = {};
let photo: Buffer;

const boat = { name: 'Sea Otter', boat_type: 'monohull', length_feet: 38, capacity: 6 };
// A custom voyage needs no port catalogue: the matrix is about who may call, not what ports exist.
const voyage = () => ({
  title: 'Falmouth to the Azores',
  // Departing today: check-ins and completion are taken only from the departure date.
  estimated_start_date: new Date().toISOString().slice(0, 10),
  estimated_end_date: '2099-06-20',
  boat_id: ids['boat'],
  is_custom_voyage: true,
  segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'Horta', distance_nm: 1200 }],
});
const agreementTerms = { duties: 'Watches, galley on rota', leaving_early: 'Crew pay their own way home', insurance: 'Boat insured for crew aboard' };
const floatPlan = {
  departure_at: '2099-06-01T08:00:00Z',
  expected_arrival_at: '2099-06-20T18:00:00Z',
  boat_description: 'Sloop, 38 ft, white hull',
  shore_contacts: [{ name: 'Jo Shore', email: 'jo@shore.test' }],
};
const skipperOnly = (status: number): Record<Actor, number> => ({ guest: 401, owner: status, other: 403, admin: 403 });
const adminOnly = (status: number): Record<Actor, number> => ({ guest: 401, owner: 403, other: 403, admin: status });
const all = (status: number, guest = 401): Record<Actor, number> => ({ guest, owner: status, other: status, admin: status });

// owner: a skipper who owns boat `boat`; other: a crew member; admin: an administrator.
const matrix: Partial<Record<keyof typeof routes, Row>> = {
  me: { expect: all(200) },
  myAccount: { expect: all(200) },
  // Any signed-in account may set up two-step sign-in; the test administrator already has it on (409).
  twoFactorSetup: { expect: { guest: 401, owner: 200, other: 200, admin: 409 } },
  // After the set-up above, a wrong code is refused (422); the administrator's is on already.
  twoFactorEnable: { body: () => ({ code: '000000' }), expect: { guest: 401, owner: 422, other: 422, admin: 409 } },
  // A new email needs the current password; it waits as pending_email until confirmed.
  updateMe: { body: () => ({ first_name: 'Same', last_name: 'Name', email: `${crypto.randomUUID()}@crew.test`, current_password: 'pass-1234' }), expect: all(200) },
  // The member's own account: a wrong password changes and deletes nothing (403), the export is theirs alone.
  changePassword: { body: () => ({ current_password: 'not-the-password', new_password: 'Another-pass-2025' }), expect: all(403) },
  deleteAccount: { body: () => ({ password: 'not-the-password' }), expect: all(403) },
  exportMyData: { expect: all(200) },
  cancelEmailChange: { expect: all(200) },
  // Any signed-in account may ask (a type other than both is refused before anything changes, so the actors keep theirs).
  changeAccountType: { body: () => ({ user_type: 'skipper' }), expect: all(400) },
  publicProfile: { params: () => ({ id: ids['owner']! }), expect: all(200, 200) },
  verificationStatus: { expect: all(200) },
  // Phone verification: each signed-in member's own phone; the actors have no phone number (400), so no code waits for them (409).
  sendPhoneCode: { expect: all(400) },
  confirmPhoneCode: { body: () => ({ code: '123456' }), expect: all(409) },
  updateExperience: { body: () => ({ years_sailing: 3 }), expect: all(200) },
  updateEmergencyContact: { body: () => ({ name: 'Ann', phone: '+44 1' }), expect: all(200) },
  updateCrewSkills: { body: () => ({}), expect: { guest: 401, owner: 403, other: 200, admin: 403 } },
  updateCrewExpectations: { body: () => ({}), expect: { guest: 401, owner: 200, other: 403, admin: 403 } },
  uploadProfilePhoto: { photo: true, expect: all(201) },
  listBoats: { expect: all(200) },
  createBoat: { body: () => boat, expect: { guest: 401, owner: 201, other: 403, admin: 403 } },
  updateBoat: { params: () => ({ id: ids['boat']! }), body: () => boat, expect: { guest: 401, owner: 200, other: 404, admin: 404 } },
  uploadBoatPhoto: { params: () => ({ id: ids['boat']! }), photo: true, expect: { guest: 401, owner: 201, other: 404, admin: 404 } },
  getConfig: { expect: { guest: 401, owner: 403, other: 403, admin: 200 } },
  getConfigHistory: { query: 'key=rollout_percentage&limit=20&offset=0', expect: { guest: 401, owner: 403, other: 403, admin: 200 } },
  toggleMonetization: { body: () => ({ enabled: false }), expect: { guest: 401, owner: 403, other: 403, admin: 200 } },
  setRollout: { body: () => ({ percentage: 10 }), expect: { guest: 401, owner: 403, other: 403, admin: 200 } },
  setConfigValue: { params: () => ({ key: 'free_trial_period_days' }), body: () => ({ value: 14 }), expect: { guest: 401, owner: 403, other: 403, admin: 200 } },
  getAccessLists: { expect: { guest: 401, owner: 403, other: 403, admin: 200 } },
  getConfigAsOf: { query: 'at=2026-01-01T00:00:00Z', expect: { guest: 401, owner: 403, other: 403, admin: 200 } },
  adminOverview: { expect: { guest: 401, owner: 403, other: 403, admin: 200 } },
  myVoyages: { expect: all(200) },
  // The voyages a member's device keeps for use offline (docs/features/offline.md): anyone signed in, their own.
  sailingSoon: { expect: all(200) },
  // The route planner's land check: any signed-in user, never a guest.
  routeCheck: { query: 'points=-1.2977,50.7631;-1.6164,49.6398', expect: all(200) },
  getVoyage: { params: () => ({ id: ids['voyage']! }), expect: all(200, 200) },
  createVoyage: { body: voyage, expect: skipperOnly(201) },
  updateVoyage: { params: () => ({ id: ids['voyage']! }), body: () => ({ status: 'active' }), expect: skipperOnly(200) },
  // Runs after updateVoyage (routes keep their order): the owner cancels last.
  cancelVoyage: { params: () => ({ id: ids['voyage']! }), expect: skipperOnly(200) },
  changeAccessList: { body: () => ({ action: 'add', user_id: ids['other'], list_type: 'beta' }), expect: { guest: 401, owner: 403, other: 403, admin: 200 } },
  // Applications: the crew member (other) applies; the owner decides; an admin account is neither.
  apply: { body: () => ({ voyage_id: ids['applyVoyage'], message: 'Five seasons of Solent racing.' }), expect: { guest: 401, owner: 403, other: 201, admin: 403 } },
  myApplications: { expect: all(200) },
  subscriptionStatus: { expect: all(200) },
  withdrawApplication: { params: () => ({ id: ids['toWithdraw']! }), expect: { guest: 401, owner: 403, other: 200, admin: 403 } },
  voyageApplications: { params: () => ({ id: ids['reviewVoyage']! }), expect: skipperOnly(200) },
  acceptApplication: { params: () => ({ id: ids['toAccept']! }), expect: skipperOnly(200) },
  rejectApplication: { params: () => ({ id: ids['toReject']! }), expect: skipperOnly(200) },
  // Admin console, users and voyages: administrators only (guest 401, skipper and crew 403).
  adminListUsers: { query: 'search=owner&page=1', expect: adminOnly(200) },
  adminUserHistory: { params: () => ({ id: ids['other']! }), expect: adminOnly(200) },
  adminUserSubscription: { params: () => ({ id: ids['other']! }), body: () => ({ action: 'grant', reason: 'Matrix' }), expect: adminOnly(200) },
  adminSendEmail: {
    params: () => ({ id: ids['other']! }),
    body: () => ({ template: 'admin_contact', subject: 'Hello', message: 'A word from the team.' }),
    expect: adminOnly(200),
  },
  adminProfileStatus: { params: () => ({ id: ids['owner']! }), body: () => ({ profile_complete: true }), expect: adminOnly(200) },
  adminDeleteUser: { params: () => ({ id: ids['victim']! }), expect: adminOnly(200) },
  // Suspend, then reinstate (routes keep their order), a member who is no actor here.
  adminSuspendUser: { params: () => ({ id: ids['blockee']! }), body: () => ({ reason: 'Matrix' }), expect: adminOnly(200) },
  adminReinstateUser: { params: () => ({ id: ids['blockee']! }), body: () => ({ reason: 'Matrix' }), expect: adminOnly(200) },
  // Marking the crew member's identity as checked, then revoking it.
  adminVerifyIdentity: { params: () => ({ id: ids['other']! }), body: () => ({ note: 'Passport seen on a video call' }), expect: adminOnly(200) },
  adminRevokeIdentity: { params: () => ({ id: ids['other']! }), expect: adminOnly(200) },
  adminMonetizationImpact: { query: 'enabled=true&rollout=50&trial_days=14', expect: adminOnly(200) },
  adminListVoyages: { query: 'status=ACTIVE', expect: adminOnly(200) },
  adminExportVoyages: { expect: adminOnly(200) },
  adminVoyageAnalytics: { expect: adminOnly(200) },
  // Platform Analytics: administrators only. (The page-view beacon is public: anonymous by design, limited per address and browser.)
  detailedAnalytics: { query: 'days=30', expect: adminOnly(200) },
  adminVoyageHistory: { params: () => ({ id: ids['applyVoyage']! }), expect: adminOnly(200) },
  adminModerateVoyage: { params: () => ({ id: ids['applyVoyage']! }), body: () => ({ action: 'review', notes: 'Matrix' }), expect: adminOnly(200) },
  // Runs after moderate (routes keep their order): the flag it set is cleared.
  adminClearVoyageFlag: { params: () => ({ id: ids['applyVoyage']! }), body: () => ({ notes: 'Matrix' }), expect: adminOnly(200) },
  // Runs after moderate (routes keep their order): suspend, then reinstate the same voyage.
  adminSuspendVoyage: { params: () => ({ id: ids['applyVoyage']! }), body: () => ({ reason: 'Matrix' }), expect: adminOnly(200) },
  adminReinstateVoyage: { params: () => ({ id: ids['applyVoyage']! }), body: () => ({ reason: 'Matrix' }), expect: adminOnly(200) },
  // Its application was rejected: no accepted crew, so it can be deleted.
  adminDeleteVoyage: { params: () => ({ id: ids['rejectVoyage']! }), expect: adminOnly(200) },
  // Card payments: crew members only (the matrix runs without provider keys, so the crew member meets 503).
  subscriptionCheckout: { expect: { guest: 401, owner: 403, other: 503, admin: 403 } },
  subscriptionPortal: { expect: all(503) },
  // Reviews (set up in beforeAll on completed voyages where the crew member sailed with the owner).
  // The owner reviews the crew member; the crew member reviewing themselves is refused.
  createReview: {
    params: () => ({ id: ids['reviewFresh']! }),
    body: () => ({ reviewee_id: ids['other'], rating: 5, text: 'A steady hand on the helm and good company.' }),
    expect: { guest: 401, owner: 201, other: 422, admin: 403 },
  },
  // Anyone signed in may ask; someone who did not sail is told there is no one to review.
  myVoyageReviews: { params: () => ({ id: ids['reviewDone']! }), expect: all(200) },
  reviewsToWrite: { expect: all(200) },
  // The owner's review still waits for the crew member's: only its author may change it.
  updateReview: {
    params: () => ({ id: ids['pendingReview']! }),
    body: () => ({ rating: 4, text: 'Reliable on watch, and always on time.' }),
    expect: { guest: 401, owner: 200, other: 403, admin: 403 },
  },
  // A shown review by the crew member: anyone signed in but its author may report it.
  reportReview: { params: () => ({ id: ids['shownReview']! }), body: () => ({ reason: 'Matrix check' }), expect: { guest: 401, owner: 201, other: 403, admin: 201 } },
  hideReview: { params: () => ({ id: ids['shownReview']! }), body: () => ({ reason: 'Matrix check' }), expect: adminOnly(200) },
  userReviews: { params: () => ({ id: ids['owner']! }), expect: all(200, 200) },
  userVoyages: { params: () => ({ id: ids['owner']! }), expect: all(200, 200) },
  // Support desk: communications, knowledge base and system health are administrators' only; Help articles are public; mail preferences are each member's own.
  listEmailTemplates: { expect: adminOnly(200) },
  updateEmailTemplate: { params: () => ({ id: 'campaign' }), body: () => ({ subject: '{{subject}}', body: 'Hello {{firstName}},\n\n{{message}}' }), expect: adminOnly(200) },
  resetEmailTemplate: { params: () => ({ id: 'campaign' }), expect: adminOnly(200) },
  previewEmailTemplate: { params: () => ({ id: 'campaign' }), body: () => ({ subject: '{{subject}}', body: 'Hello {{firstName}}' }), expect: adminOnly(200) },
  recentCommunications: { expect: adminOnly(200) },
  campaignAudienceCount: { query: 'audience=crew', expect: adminOnly(200) },
  campaignPreview: { body: () => ({ subject: 'Matrix', template: 'campaign', message: 'A word from the team.' }), expect: adminOnly(200) },
  // Mails the signed-in administrator only (the matrix keeps mail in the local mailbox).
  campaignTestSend: { body: () => ({ subject: 'Matrix', template: 'campaign', message: 'A word from the team.' }), expect: adminOnly(200) },
  sendCampaign: { body: () => ({ audience: 'crew', subject: 'Matrix', template: 'campaign', message: 'A word from the team.' }), expect: adminOnly(201) },
  kbCategories: { expect: adminOnly(200) },
  createKbCategory: { body: () => ({ name: 'Matrix' }), expect: adminOnly(201) },
  kbArticles: { expect: adminOnly(200) },
  // A category that does not exist: the administrator gets past the guard to the 422.
  createKbArticle: { body: () => ({ title: 'Matrix article', body: 'Text', category_id: '00000000-0000-4000-8000-000000000000' }), expect: adminOnly(422) },
  kbArticle: { params: () => ({ id: '00000000-0000-4000-8000-000000000000' }), expect: adminOnly(404) },
  updateKbArticle: {
    params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    body: () => ({ title: 'Matrix article', body: 'Text', category_id: '00000000-0000-4000-8000-000000000000' }),
    expect: adminOnly(422),
  },
  systemHealth: { expect: adminOnly(200) },
  refreshSystemHealth: { expect: adminOnly(200) },
  rebuildProjection: { params: () => ({ name: 'config-history' }), expect: adminOnly(201) },
  helpArticle: { params: () => ({ slug: 'minimum-age' }), expect: all(200, 200) },
  helpArticleVote: { params: () => ({ slug: 'minimum-age' }), body: () => ({ helpful: true, voter: crypto.randomUUID() }), expect: all(200, 200) },
  getMailPreferences: { expect: all(200) },
  updateMailPreferences: { body: () => ({ marketing: true }), expect: all(200) },
  // Saved searches: a member's own (another's answers 404, as one that never was); berth watch on a voyage with free berths is refused (409).
  listSavedSearches: { expect: all(200) },
  createSavedSearch: { body: () => ({ name: 'Matrix', alert: 'off' }), expect: all(201) },
  getSavedSearch: { params: () => ({ id: ids['savedSearch']! }), expect: { guest: 401, owner: 200, other: 404, admin: 404 } },
  updateSavedSearch: { params: () => ({ id: ids['savedSearch']! }), body: () => ({ alert: 'daily' }), expect: { guest: 401, owner: 200, other: 404, admin: 404 } },
  deleteSavedSearch: { params: () => ({ id: ids['savedSearchToDelete']! }), expect: { guest: 401, owner: 200, other: 404, admin: 404 } },
  openSavedSearch: { params: () => ({ id: ids['savedSearch']! }), expect: { guest: 401, owner: 200, other: 404, admin: 404 } },
  listWatches: { expect: all(200) },
  getWatch: { params: () => ({ id: ids['applyVoyage']! }), expect: all(200) },
  watchVoyage: { params: () => ({ id: ids['applyVoyage']! }), expect: all(409) },
  unwatchVoyage: { params: () => ({ id: ids['applyVoyage']! }), expect: all(200) },
  getNotificationPreferences: { expect: all(200) },
  updateNotificationPreferences: { body: () => ({ messages: true }), expect: all(200) },
  // Messaging: the crew member (other) wrote to the owner about a voyage they share; an administrator is in no conversation.
  listConversations: { expect: all(200) },
  // Messages the voyage's skipper by default: the owner would be writing to themselves.
  startConversation: { body: () => ({ voyage_id: ids['acceptVoyage'], message: 'Is there room for a bicycle?' }), expect: { guest: 401, owner: 422, other: 201, admin: 403 } },
  listMessages: { params: () => ({ id: ids['conversation']! }), expect: { guest: 401, owner: 200, other: 200, admin: 404 } },
  sendMessage: { params: () => ({ id: ids['conversation']! }), body: () => ({ body: 'See you on the pontoon.' }), expect: { guest: 401, owner: 201, other: 201, admin: 404 } },
  markConversationRead: { params: () => ({ id: ids['conversation']! }), expect: { guest: 401, owner: 200, other: 200, admin: 404 } },
  messageStreamTicket: { expect: all(200) },
  unreadCount: { expect: all(200) },
  blockUser: { params: () => ({ id: ids['blockee']! }), expect: all(200) },
  unblockUser: { params: () => ({ id: ids['blockee']! }), expect: all(200) },
  // Reported by the one it was sent to; its sender cannot, and nobody outside the conversation can see it.
  reportMessage: { params: () => ({ id: ids['firstMessage']! }), body: () => ({ reason: 'Matrix check' }), expect: { guest: 401, owner: 201, other: 403, admin: 404 } },
  // Support tickets: a member sees and acts on only their own (anyone else's is 404); staff routes are for administrators.
  openTicket: { body: () => ({ title: 'Matrix question', description: 'Who may call what, please?' }), expect: all(201) },
  myTickets: { expect: all(200) },
  getMyTicket: { params: () => ({ id: ids['ticket']! }), expect: { guest: 401, owner: 200, other: 404, admin: 404 } },
  replyToMyTicket: { params: () => ({ id: ids['ticket']! }), body: () => ({ message: 'Any news?' }), expect: { guest: 401, owner: 201, other: 404, admin: 404 } },
  // Not resolved yet: the owner meets 409.
  rateMyTicket: { params: () => ({ id: ids['ticket']! }), body: () => ({ satisfied: true }), expect: { guest: 401, owner: 409, other: 404, admin: 404 } },
  supportStats: { expect: adminOnly(200) },
  adminTickets: { query: 'status=open&search=matrix', expect: adminOnly(200) },
  adminTicket: { params: () => ({ id: ids['ticket']! }), expect: adminOnly(200) },
  adminTicketStatus: { params: () => ({ id: ids['ticket']! }), body: () => ({ status: 'pending' }), expect: adminOnly(200) },
  adminTicketPriority: { params: () => ({ id: ids['ticket']! }), body: () => ({ priority: 'high' }), expect: adminOnly(200) },
  adminTicketAssignee: { params: () => ({ id: ids['ticket']! }), body: () => ({ assignee_id: null }), expect: adminOnly(200) },
  supportAssignees: { expect: adminOnly(200) },
  adminTicketReply: { params: () => ({ id: ids['ticket']! }), body: () => ({ message: 'Looking into it.' }), expect: adminOnly(201) },
  // Trust and safety: the owner skippers `trustVoyage` with the crew member (other) accepted aboard; an administrator is neither.
  sailingLog: { params: () => ({ id: ids['other']! }), expect: all(200, 200) },
  voyageTrust: { params: () => ({ id: ids['trustVoyage']! }), expect: { guest: 401, owner: 200, other: 200, admin: 403 } },
  confirmSailingLog: { params: () => ({ id: ids['doneVoyage']!, crew_id: ids['other']! }), expect: skipperOnly(200) },
  removeFromSailingLog: { params: () => ({ id: ids['doneVoyage2']!, crew_id: ids['other']! }), expect: skipperOnly(200) },
  issueAgreement: { params: () => ({ id: ids['trustVoyage']!, crew_id: ids['other']! }), body: () => agreementTerms, expect: skipperOnly(200) },
  // Each signed-in member's own list (empty for anyone who is not crew).
  awaitingAgreements: { expect: all(200) },
  agreement: { params: () => ({ id: ids['agreement']! }), expect: { guest: 401, owner: 200, other: 200, admin: 403 } },
  acceptAgreement: {
    params: () => ({ id: ids['agreement']! }),
    body: () => ({ version: 1, share_emergency_contact: false }),
    expect: { guest: 401, owner: 403, other: 200, admin: 403 },
  },
  fileFloatPlan: { params: () => ({ id: ids['trustVoyage']! }), body: () => floatPlan, expect: skipperOnly(200) },
  // The shore contact's link needs no account: an unknown token is 404 for everyone.
  floatPlan: { params: () => ({ token: `${crypto.randomUUID()}.00` }), expect: all(404, 404) },
  checkIn: {
    params: () => ({ id: ids['trustVoyage']! }),
    body: () => ({ kind: 'position', lat: 50.1, lon: -5.1, note: 'Matrix' }),
    expect: { guest: 401, owner: 201, other: 201, admin: 403 },
  },
  // The dashboard: each signed-in member's own feed and crew stats (empty ones for anyone who has none), never a guest.
  myActivity: { query: 'limit=5', expect: all(200) },
  myCrewStats: { expect: all(200) },
  // Calendars: a public voyage's file for anyone; each signed-in member's own feed; a feed address no token matches is 404 for everyone.
  voyageCalendar: { params: () => ({ id: ids['voyage']! }), expect: all(200, 200) },
  getCalendarFeed: { expect: all(200) },
  createCalendarFeed: { expect: all(201) },
  deleteCalendarFeed: { expect: all(200) },
  calendarFeed: { params: () => ({ token: 'A'.repeat(43) }), expect: all(404, 404) },
};

const guarded = (Object.entries(routes) as [keyof typeof routes, RouteContract][]).filter(([, route]) => route.auth !== 'public' || route.path.includes('{'));

const multipart = (content: Buffer) => {
  const boundary = '----matrix';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
};

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-matrix-' });
  ({ runtime, app } = testApp);
  const password = await hashPassword('pass-1234');
  for (const [actor, type, admin] of [
    ['owner', 'skipper', false],
    ['other', 'crew', false],
    ['admin', 'admin', true],
  ] as const) {
    ids[actor] = await insertUser(runtime.dataSource, { email: `${actor}@crew.test`, passwordHash: password, firstName: actor, lastName: 'T', type, admin });
    tokens[actor] = (await signInWithPassword(app, runtime.dataSource, `${actor}@crew.test`, 'pass-1234')).access_token;
  }
  // A member only an administrator's delete removes.
  ids['victim'] = await insertUser(runtime.dataSource, { email: 'victim@crew.test', passwordHash: password, firstName: 'Victim', lastName: 'T', type: 'crew' });
  const created = await app
    .getHttpAdapter()
    .getInstance()
    .inject({ method: 'POST', url: '/api/profile/boats', headers: { authorization: `Bearer ${tokens.owner}` }, payload: boat });
  ids['boat'] = created.json().id;
  const published = await app
    .getHttpAdapter()
    .getInstance()
    .inject({ method: 'POST', url: '/api/voyages/', headers: { authorization: `Bearer ${tokens.owner}` }, payload: voyage() });
  expect([published.statusCode, published.body]).toEqual([201, expect.anything()]);
  ids['voyage'] = published.json().id;
  const inject = (method: 'POST', url: string, token: string | undefined, payload: object) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  // One voyage per application route, each with its own application by the crew member.
  for (const [voyageKey, applicationKey] of [
    ['applyVoyage', null],
    ['reviewVoyage', 'toWithdraw'],
    ['acceptVoyage', 'toAccept'],
    ['rejectVoyage', 'toReject'],
  ] as const) {
    const extra = await inject('POST', '/api/voyages/', tokens.owner, voyage());
    expect([extra.statusCode, extra.body]).toEqual([201, expect.anything()]);
    ids[voyageKey] = extra.json().id;
    if (!applicationKey) continue;
    const applied = await inject('POST', '/api/applications/', tokens.other, { voyage_id: ids[voyageKey], message: 'Five seasons of Solent racing.' });
    expect(applied.statusCode).toBe(201);
    ids[applicationKey] = applied.json().application.id;
  }
  // Completed voyages with the crew member aboard, for the review routes.
  const completedVoyage = async (key: string): Promise<void> => {
    const created = await inject('POST', '/api/voyages/', tokens.owner, voyage());
    ids[key] = created.json().id;
    const applied = await inject('POST', '/api/applications/', tokens.other, { voyage_id: ids[key], message: 'Five seasons of Solent racing.' });
    const accepted = await inject('POST', `/api/applications/${applied.json().application.id}/accept`, tokens.owner, {});
    expect(accepted.statusCode).toBe(200);
    const done = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'PUT', url: `/api/voyages/${ids[key]}`, headers: { authorization: `Bearer ${tokens.owner}` }, payload: { status: 'completed' } });
    expect([done.statusCode, done.body]).toEqual([200, expect.anything()]);
  };
  const review = async (key: string, token: string | undefined, reviewee: string): Promise<string> => {
    const written = await inject('POST', `/api/voyages/${ids[key]}/reviews`, token, { reviewee_id: reviewee, rating: 5, text: 'Would sail together again any day.' });
    expect([written.statusCode, written.body]).toEqual([201, expect.anything()]);
    return written.json().review.id;
  };
  for (const key of ['reviewFresh', 'reviewPending', 'reviewDone']) await completedVoyage(key);
  ids['pendingReview'] = await review('reviewPending', tokens.owner, ids['other']!);
  await review('reviewDone', tokens.owner, ids['other']!);
  ids['shownReview'] = await review('reviewDone', tokens.other, ids['owner']!);
  for (const key of ['savedSearch', 'savedSearchToDelete']) {
    const saved = await inject('POST', '/api/saved-searches', tokens.owner, { name: key, alert: 'off' });
    expect(saved.statusCode).toBe(201);
    ids[key] = saved.json().id;
  }
  // A conversation the crew member started with the owner, and someone to block.
  const started = await inject('POST', '/api/conversations', tokens.other, { voyage_id: ids['acceptVoyage'], message: 'Hello from the crew member.' });
  expect([started.statusCode, started.body]).toEqual([201, expect.anything()]);
  ids['conversation'] = started.json().conversation.id;
  ids['firstMessage'] = started.json().message.id;
  ids['blockee'] = await insertUser(runtime.dataSource, { email: 'blockee@crew.test', passwordHash: password, firstName: 'Blockee', lastName: 'T', type: 'crew' });
  const ticket = await inject('POST', '/api/support/tickets', tokens.owner, { title: 'Matrix ticket', description: 'A ticket the matrix calls on.' });
  expect(ticket.statusCode).toBe(201);
  ids['ticket'] = ticket.json().ticket.id;
  // Trust: a voyage with the crew member accepted aboard, its agreement issued and a float plan filed.
  const put = (url: string, token: string | undefined, payload: object) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload });
  const withCrew = async (key: string) => {
    const created = await inject('POST', '/api/voyages/', tokens.owner, voyage());
    expect([created.statusCode, created.body]).toEqual([201, expect.anything()]);
    ids[key] = created.json().id;
    const applied = await inject('POST', '/api/applications/', tokens.other, { voyage_id: ids[key], message: 'Five seasons of Solent racing.' });
    expect(applied.statusCode).toBe(201);
    const accepted = await inject('POST', `/api/applications/${applied.json().application.id}/accept`, tokens.owner, {});
    expect([accepted.statusCode, accepted.body]).toEqual([200, expect.anything()]);
  };
  await withCrew('trustVoyage');
  const issued = await put(`/api/voyages/${ids['trustVoyage']}/agreements/${ids['other']}`, tokens.owner, agreementTerms);
  expect([issued.statusCode, issued.body]).toEqual([200, expect.anything()]);
  ids['agreement'] = issued.json().id;
  expect((await put(`/api/voyages/${ids['trustVoyage']}/float-plan`, tokens.owner, floatPlan)).statusCode).toBe(200);
  // Two completed voyages with the crew member aboard: one for confirming the log and reviews, one for removing from the log and the owner's review.
  for (const key of ['doneVoyage', 'doneVoyage2']) {
    await withCrew(key);
    for (const status of ['in_progress', 'completed']) {
      const changed = await put(`/api/voyages/${ids[key]}`, tokens.owner, { status });
      expect([changed.statusCode, changed.body]).toEqual([200, expect.anything()]);
    }
  }
  photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
});

afterAll(() => testApp.close());

it('has a row for every route that needs a session or names an id', () => {
  const missing = guarded.map(([name]) => name).filter((name) => !matrix[name]);
  expect(missing).toEqual([]);
  expect(guarded.length * 4).toBeGreaterThanOrEqual(80);
});

describe.each(guarded)('%s', (name, route) => {
  it.each(['guest', 'owner', 'other', 'admin'] as const)('as %s', async (actor) => {
    const row = matrix[name];
    if (!row) throw new Error(`no row for ${name}`);
    let url = route.path;
    for (const [key, value] of Object.entries(row.params?.() ?? {})) url = url.replace(`{${key}}`, value);
    if (row.query) url = `${url}?${row.query}`;
    const token = tokens[actor];
    const upload = row.photo ? multipart(photo) : null;
    const response = await app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: route.method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(upload?.headers ?? {}) },
        ...(upload ? { payload: upload.payload } : row.body ? { payload: row.body() as object } : {}),
      });
    expect({ actor, status: response.statusCode, body: response.statusCode >= 400 ? response.json() : 'ok' }).toEqual({
      actor,
      status: row.expect[actor],
      body: row.expect[actor] >= 400 ? expect.objectContaining({ code: expect.any(String), error: expect.any(String) }) : 'ok',
    });
  });
});
