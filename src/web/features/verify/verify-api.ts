import { verifyReplySchema, type VerifyReply } from '../../../contract/certificate.contract';
import { api } from '../../api/client';

/** GET verify/{code}: anonymous, answered with names only. */
export async function fetchVerification(code: string): Promise<VerifyReply> {
  return verifyReplySchema.parse(await api(`verify/${encodeURIComponent(code)}`));
}
