import { useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { DocumentViewer, type ViewerContent } from '../../components/document-viewer';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../api/client';
import { showSnackbar } from '../../app/snackbar';
import { ActionDialog } from './action-dialog';
import { ACTION_SPECS, staffActionsOf, type StaffActionEvent } from './application-actions';
import { useApplicationsApi, type ActionInput } from './applications-api';
import type { ApplicationDetail, FlowEntryReply } from './applications-types';
import { DetailSections, NO_PHOTO_MESSAGE } from './detail-sections';
import { FlowTimeline } from '../../components/flow-timeline';

export const DETAIL_LOAD_ERROR = 'The application could not be loaded. Please try again.';

type Loaded<T> =
  { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'error'; message: string };
type Viewer = { title: string; content: ViewerContent } | null;

export interface ApplicationDetailDialogProps {
  applid: number;
  onClose: () => void;
  /** Called after an action changed the application, so the list reloads. */
  onChanged: () => void;
}

/**
 * The full-screen application dialog: the details, the complete form, the flow, and the processing actions.
 * The action buttons are exactly the `allowedEvents` the server's lifecycle machine granted this official.
 */
export function ApplicationDetailDialog({ applid, onClose, onChanged }: ApplicationDetailDialogProps) {
  const applicationsApi = useApplicationsApi();
  const [detail, setDetail] = useState<Loaded<ApplicationDetail>>({ status: 'loading' });
  const [viewer, setViewer] = useState<Viewer>(null);
  const [flow, setFlow] = useState<Loaded<FlowEntryReply[]> | null>(null);
  const [action, setAction] = useState<StaffActionEvent | null>(null);

  useEffect(() => {
    let current = true;
    applicationsApi
      .detail(applid)
      .then((value) => current && setDetail({ status: 'loaded', value }))
      .catch(
        (err: unknown) =>
          current && setDetail({ status: 'error', message: errorMessage(err, DETAIL_LOAD_ERROR) }),
      );
    return () => {
      current = false;
    };
  }, [applicationsApi, applid]);

  const openViewer = (
    title: string,
    load: () => Promise<{ base64img: string; contenttype?: string }>,
    failure: string,
  ) => {
    setViewer({ title, content: { status: 'loading' } });
    load()
      .then((doc) =>
        setViewer({
          title,
          content: {
            status: 'loaded',
            base64: doc.base64img,
            contenttype: doc.contenttype ?? 'application/pdf',
          },
        }),
      )
      .catch((err: unknown) =>
        setViewer({ title, content: { status: 'error', message: errorMessage(err, failure) } }),
      );
  };

  const openFlow = () => {
    setFlow({ status: 'loading' });
    applicationsApi
      .flow(applid)
      .then((value) => setFlow({ status: 'loaded', value }))
      .catch((err: unknown) => setFlow({ status: 'error', message: errorMessage(err) }));
  };

  const runAction = async (current: ApplicationDetail, event: StaffActionEvent, input: ActionInput) => {
    try {
      const reply =
        event === 'application.delete'
          ? await applicationsApi.remove(current)
          : await applicationsApi.act(current, event, input);
      showSnackbar(reply.message, 'success');
      setAction(null);
      onChanged();
      onClose();
    } catch (err) {
      throw new Error(errorMessage(err));
    }
  };

  const loaded = detail.status === 'loaded' ? detail.value : null;
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={`Application ${applid}`}
      closeButtonProps={{ 'aria-label': 'Close application' }}
    >
      {detail.status === 'loading' ? (
        <Center h={240} role="status" aria-label="Loading application">
          <Loader />
        </Center>
      ) : null}
      {detail.status === 'error' ? (
        <Alert color="red" role="alert">
          {detail.message}
        </Alert>
      ) : null}
      {loaded ? (
        <Stack gap="md" maw={1200} mx="auto">
          <Group gap="sm">
            <Text fw={600}>Status:</Text>
            <StatusBadge status={loaded.status} label={loaded.statusLabel} />
          </Group>
          <Group gap="sm" wrap="wrap">
            <Button
              variant="outline"
              onClick={() =>
                openViewer(
                  'Complete Application',
                  () => applicationsApi.completeForm(applid),
                  'The application form could not be made.',
                )
              }
            >
              View Complete Application
            </Button>
            <Button variant="outline" onClick={openFlow}>
              Application Flow
            </Button>
            {staffActionsOf(loaded.allowedEvents).map((event) => (
              <Button key={event} color={ACTION_SPECS[event].colour} onClick={() => setAction(event)}>
                {ACTION_SPECS[event].label}
              </Button>
            ))}
          </Group>
          <DetailSections
            detail={loaded}
            onViewDocument={(docid, title) =>
              openViewer(title, () => applicationsApi.document(docid), 'The document could not be loaded.')
            }
            onViewPhoto={(docid, name) =>
              docid === null
                ? setViewer({
                    title: `Photo of ${name}`,
                    content: { status: 'error', message: NO_PHOTO_MESSAGE },
                  })
                : openViewer(`Photo of ${name}`, () => applicationsApi.document(docid), NO_PHOTO_MESSAGE)
            }
          />
          {action ? (
            <ActionDialog
              applid={applid}
              event={action}
              onClose={() => setAction(null)}
              onSubmit={(input) => runAction(loaded, action, input)}
            />
          ) : null}
        </Stack>
      ) : null}
      {viewer ? (
        <DocumentViewer
          opened
          title={viewer.title}
          content={viewer.content}
          onClose={() => setViewer(null)}
        />
      ) : null}
      {flow ? (
        <Modal opened onClose={() => setFlow(null)} title="Application Flow" size="lg">
          {flow.status === 'loading' ? <Loader aria-label="Loading application flow" /> : null}
          {flow.status === 'error' ? (
            <Alert color="red" role="alert">
              {flow.message}
            </Alert>
          ) : null}
          {flow.status === 'loaded' ? <FlowTimeline flow={flow.value} /> : null}
        </Modal>
      ) : null}
    </Modal>
  );
}
