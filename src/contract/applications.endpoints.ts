import { messageReplySchema } from './api';
import {
  applicationDetailSchema,
  applicationFlowReplySchema,
  applicationListParamsSchema,
  applicationListQuerySchema,
  applicationPageSchema,
  applicationStatusParamsSchema,
  applicationStatusReplySchema,
  applidParamsSchema,
  deleteApplicationQuerySchema,
  totalApplicationsParamsSchema,
  totalApplicationsReplySchema,
  updateApplicationBodySchema,
  updateApplicationReplySchema,
} from './applications.contract';
import { endpoint } from './endpoint';

const anyOfficial = { staff: 'any' } as const;
const tag = 'applications';

/** One page of a list: the complete applications, or the incomplete (draft) ones. */
const listEndpoint = (path: string) =>
  endpoint({
    method: 'GET',
    path,
    access: anyOfficial,
    tag,
    params: applicationListParamsSchema,
    query: applicationListQuerySchema,
    reply: applicationPageSchema,
  });

/**
 * The officials' application endpoints under process/ (docs/applications-api.md), apart from the long
 * applications.contract.ts: lists and counts in the caller's jurisdiction, the detail, the flow, the status
 * look-up, and the lifecycle actions. Any signed-in official; the jurisdiction is checked by the handlers.
 */
export const APPLICATION_ENDPOINTS = {
  update: endpoint({
    method: 'POST',
    path: '/process/updateApplication',
    access: anyOfficial,
    tag,
    body: updateApplicationBodySchema,
    reply: updateApplicationReplySchema,
  }),
  /** The staff delete; `?version=` as the update's version. */
  remove: endpoint({
    method: 'PUT',
    path: '/process/updateApplication/:id',
    access: anyOfficial,
    tag,
    params: applidParamsSchema,
    query: deleteApplicationQuerySchema,
    reply: messageReplySchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/process/GetApplicationDetail/:id',
    access: anyOfficial,
    tag,
    params: applidParamsSchema,
    reply: applicationDetailSchema,
  }),
  list: listEndpoint('/process/GetApplicationDetails/user/:status/:code/:username/:page'),
  incompleteList: listEndpoint('/process/GetIncompleteApplicationDetails/user/:status/:code/:username/:page'),
  total: endpoint({
    method: 'GET',
    path: '/process/GetTotalApplications/user/:username/:status',
    access: anyOfficial,
    tag,
    params: totalApplicationsParamsSchema,
    reply: totalApplicationsReplySchema,
  }),
  flow: endpoint({
    method: 'GET',
    path: '/process/applicationFlow/:id',
    access: anyOfficial,
    tag,
    params: applidParamsSchema,
    reply: applicationFlowReplySchema,
  }),
  status: endpoint({
    method: 'GET',
    path: '/process/GetApplicationStatus/:applid/:landlordEpic',
    access: anyOfficial,
    tag,
    params: applicationStatusParamsSchema,
    reply: applicationStatusReplySchema,
  }),
};
