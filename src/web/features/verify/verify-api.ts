import { CERTIFICATE_ENDPOINTS, type VerifyReply } from '../../../contract/certificate.contract';
import { callEndpoint } from '../../api/endpoint-call';

/** GET verify/{code}: anonymous, answered with names only. */
export function fetchVerification(code: string): Promise<VerifyReply> {
  return callEndpoint(CERTIFICATE_ENDPOINTS.verify, { params: { code } });
}
