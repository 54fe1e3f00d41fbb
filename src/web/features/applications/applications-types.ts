// The contract's types, re-exported under the names the application screens use.
export type {
  ApplicationDetail,
  ApplicationPage,
  ApplicationRow,
  FlowEntryReply,
  UpdateApplicationReply,
} from '../../../contract/applications.contract';
import type { FlowEntryReply } from '../../../contract/applications.contract';
export type ApplicationFlowReplySchema = FlowEntryReply[];
