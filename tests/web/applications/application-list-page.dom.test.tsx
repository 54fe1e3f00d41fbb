import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { fn, userEvent as user } from 'storybook/test';
import { AppProviders } from '../../../src/web/app/providers';
import {
  ApplicationListPage,
  type ListViewer,
} from '../../../src/web/features/applications/application-list-page';
import { ApplicationsApiProvider } from '../../../src/web/features/applications/applications-api';
import type { ListPage } from '../../../machines/application';
import { demoPage, demoRow, fakeApplicationsApi } from '../../../stories/applications/application-fixtures';

// The list screen asks for the status listStatusFor gives the page and role, for the official's own area or
// (SUPERMODERATOR) the chosen ward; a failed load reads 'No Applications'.

function renderPage(
  listPage: ListPage,
  viewer: ListViewer,
  options: Parameters<typeof fakeApplicationsApi>[0] = {},
) {
  const api = fakeApplicationsApi({ page: demoPage([demoRow(7, 'LAVP')]), ...options });
  const listPage$ = fn(api.listPage);
  render(
    <AppProviders>
      <ApplicationsApiProvider value={{ ...api, listPage: listPage$ }}>
        <ApplicationListPage listPage={listPage} viewer={viewer} />
      </ApplicationsApiProvider>
    </AppProviders>,
  );
  return listPage$;
}

const moderator: ListViewer = { role: 'MODERATOR', username: 'moderator', usercode: 'PS1701001LA01W01' };
const supermoderator: ListViewer = {
  role: 'SUPERMODERATOR',
  username: 'supermoderator',
  usercode: 'PS1701001LA01',
};

describe('application list page', () => {
  it.each([
    ['pending', moderator, 'LARP'],
    ['pending', supermoderator, 'LAVP'],
    ['forwarded', moderator, 'LAVP'],
    ['approved', supermoderator, 'PLVP'],
    ['shiftedTenants', moderator, 'APARV'],
  ] as const)('%s for %s asks for %s in the official’s own area', async (listPage, viewer, status) => {
    const listPage$ = renderPage(listPage, viewer);
    await screen.findByTestId('application-row-7');
    expect(listPage$).toHaveBeenCalledExactlyOnceWith({
      status,
      code: viewer.usercode,
      username: viewer.username,
      page: 0,
    });
  });

  it('lets a SUPERMODERATOR narrow the list to one ward, from page one', async () => {
    const listPage$ = renderPage('pending', supermoderator, { page: demoPage([demoRow(7, 'LAVP')], 0, 3) });
    await screen.findByTestId('application-row-7');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listPage$).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 })));
    const filter = screen.getByRole('combobox', { name: /Filter applications by Sub-Localities\/Wards/ });
    await waitFor(() => expect(filter).toHaveTextContent('Nongrim Hills'));
    await user.selectOptions(filter, 'Nongrim Hills');
    await waitFor(() =>
      expect(listPage$).toHaveBeenLastCalledWith({
        status: 'LAVP',
        code: 'PS1701001LA01W02',
        username: 'supermoderator',
        page: 0,
      }),
    );
  });

  it("gives a MODERATOR no ward filter, and says 'No Applications' when the list fails", async () => {
    renderPage('pending', moderator, { page: 'fail' });
    expect(await screen.findByText('No Applications')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Filter applications/ })).toBeNull();
  });
});
