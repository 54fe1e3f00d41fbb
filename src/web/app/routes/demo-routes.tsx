import { Navigate } from 'react-router';
import { DemoFormPage } from '../../features/demo-form/demo-form-page';
import { IconsPage } from '../../features/ui-icons/icons-page';
import { paths } from '../paths';
import { OWN_ICONS } from './own-icons';

/**
 * The spec's routes without a menu entry (docs/demo-routes.md): /app/ui (to /app/ui/icons), the icons page and
 * the demo form /app/formik. Every signed-in role may open them.
 */
export function UiRoute() {
  return <Navigate to={paths.uiIcons} replace />;
}

export function UiIconsRoute() {
  return <IconsPage ownIcons={OWN_ICONS} />;
}

export function FormikRoute() {
  return <DemoFormPage />;
}
