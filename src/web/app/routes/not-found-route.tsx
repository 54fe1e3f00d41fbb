import { PublicLayout } from '../../components/public-layout';
import { NotFoundPage } from '../../features/not-found/not-found-page';

/** Unknown paths outside /app: the 404 in the public frame. Inside /app the shell frames it. */
export function PublicNotFoundRoute() {
  return (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  );
}
