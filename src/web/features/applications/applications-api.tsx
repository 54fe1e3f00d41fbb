import { createContext, useContext, type ReactNode } from 'react';
import {
  APPLICATION_TYPE,
  type LifecycleEventType,
  type RejectionReason,
  type StatusCode,
} from '../../../../machines/application';
import type {
  ApplicationDetail,
  ApplicationFlowReplySchema,
  ApplicationPage,
  UpdateApplicationReply,
} from './applications-types';
import { APPLICATION_ENDPOINTS } from '../../../contract/applications.endpoints';
import { FORM_ENDPOINTS } from '../../../contract/forms.contract';
import { MASTER_ENDPOINTS } from '../../../contract/master.endpoints';
import { REGISTER_ENDPOINTS } from '../../../contract/register.contract';
import { callEndpoint } from '../../api/endpoint-call';

/** What an official types for an action: a reason (rejections) and remarks, as the action asks. */
export interface ActionInput {
  reason?: RejectionReason;
  otherReason?: string;
  remarks?: string;
}

/** The calls the application screens make, behind one interface so stories and tests plug in fakes. */
export interface ApplicationsApi {
  listPage(args: {
    status: StatusCode;
    code: string;
    username: string;
    page: number;
  }): Promise<ApplicationPage>;
  detail(applid: number): Promise<ApplicationDetail>;
  act(
    detail: ApplicationDetail,
    event: LifecycleEventType,
    input: ActionInput,
  ): Promise<UpdateApplicationReply>;
  remove(detail: ApplicationDetail): Promise<{ message: string }>;
  flow(applid: number): Promise<ApplicationFlowReplySchema>;
  document(docid: number): Promise<{ base64img: string; contenttype: string }>;
  completeForm(applid: number): Promise<{ base64img: string }>;
  wards(localityCode: string): Promise<Array<{ localAuthorityCode: string; localAuthorityName: string }>>;
}

/** The status an action moves to, sent as applStatus for the legacy body shape. */
const TARGET_STATUS: Partial<Record<LifecycleEventType, StatusCode>> = {
  'application.recommendApproval': 'LAVP',
  'application.recommendRejection': 'LAVP',
  'application.accept': 'PLVP',
  'application.decline': 'RJT',
  'application.certify': 'PLVP',
  'application.requestRectification': 'RECT',
};

export const httpApplicationsApi: ApplicationsApi = {
  listPage: (params) => callEndpoint(APPLICATION_ENDPOINTS.list, { params, query: {} }),
  detail: (applid) => callEndpoint(APPLICATION_ENDPOINTS.detail, { params: { id: applid } }),
  act: (detail, event, input) =>
    callEndpoint(APPLICATION_ENDPOINTS.update, {
      body: {
        applid: detail.applid,
        applStatus: { applstatus: TARGET_STATUS[event] ?? detail.status },
        appltype: APPLICATION_TYPE,
        remarks: input.remarks?.trim() || null,
        event,
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.otherReason ? { otherReason: input.otherReason.trim() } : {}),
        version: detail.version,
      },
    }),
  remove: (detail) =>
    callEndpoint(APPLICATION_ENDPOINTS.remove, {
      params: { id: detail.applid },
      query: { version: detail.version },
    }),
  flow: (applid) => callEndpoint(APPLICATION_ENDPOINTS.flow, { params: { id: applid } }),
  document: (docid) => callEndpoint(REGISTER_ENDPOINTS.document, { params: { docid } }),
  completeForm: (applid) => callEndpoint(FORM_ENDPOINTS.staffForm, { params: { id: applid } }),
  wards: (localityCode) => callEndpoint(MASTER_ENDPOINTS.wardsOfLocality, { params: { code: localityCode } }),
};

const ApplicationsApiContext = createContext<ApplicationsApi>(httpApplicationsApi);

/** Stories and tests wrap the screens in this with fake calls; the app uses the HTTP calls by default. */
export function ApplicationsApiProvider({
  value,
  children,
}: {
  value: ApplicationsApi;
  children: ReactNode;
}) {
  return <ApplicationsApiContext.Provider value={value}>{children}</ApplicationsApiContext.Provider>;
}

export function useApplicationsApi(): ApplicationsApi {
  return useContext(ApplicationsApiContext);
}
