import { SURVEY_MANAGE_SCOPES, hasAnyScope } from '@loupe/contracts';
import { useBootstrap } from '@/lib/bootstrap';

/** survey:manage changes the library; survey:read only reads it. */
export function useCanManageQuestions(): boolean {
  const scopes = useBootstrap().data?.User.Scopes ?? [];
  return hasAnyScope(scopes, SURVEY_MANAGE_SCOPES);
}
