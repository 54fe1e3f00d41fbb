import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Switch } from '@mantine/core';
import { drawAsJpeg } from './file-data';
import { useTenantServices, type CameraFacing } from './tenant-services';

type CameraState = { status: 'starting' } | { status: 'live' } | { status: 'failed'; message: string };

/**
 * The photo capture dialog of the New Document dialog: the front camera by default, a Toggle Camera switch for
 * the back one, and Capture, which turns the current frame into a JPEG in the browser (a canvas).
 */
export function CameraDialog({
  opened,
  onClose,
  onCapture,
}: {
  opened: boolean;
  onClose: () => void;
  onCapture: (jpeg: Blob) => void;
}) {
  const services = useTenantServices();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [facing, setFacing] = useState<CameraFacing>('user');
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const [capturing, setCapturing] = useState(false);

  // One stream per open dialog and side; it is stopped when the side changes or the dialog closes.
  useEffect(() => {
    if (!opened) return;
    let stream: MediaStream | null = null;
    let live = true;
    services
      .openCamera(facing)
      .then((opened) => {
        stream = opened;
        if (!live) return opened.getTracks().forEach((track) => track.stop());
        const video = videoRef.current;
        if (video) {
          video.srcObject = opened;
          void video.play?.()?.catch(() => undefined);
        }
        setState({ status: 'live' });
      })
      .catch((failure: unknown) =>
        setState({
          status: 'failed',
          message: `The camera could not be started: ${failure instanceof Error ? failure.message : String(failure)}`,
        }),
      );
    return () => {
      live = false;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [opened, facing, services]);

  const close = () => {
    setState({ status: 'starting' });
    onClose();
  };

  const capture = async () => {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return;
    setCapturing(true);
    try {
      onCapture(await drawAsJpeg(video, video.videoWidth, video.videoHeight));
    } catch (failure) {
      setState({ status: 'failed', message: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setCapturing(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Take a photo"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close the camera' }}
    >
      <Stack gap="sm">
        <Switch
          label="Toggle Camera"
          description={facing === 'user' ? 'Front camera' : 'Back camera'}
          checked={facing === 'environment'}
          onChange={(e) => {
            setState({ status: 'starting' });
            setFacing(e.currentTarget.checked ? 'environment' : 'user');
          }}
        />
        {state.status === 'failed' ? (
          <Alert color="red" role="alert">
            {state.message}
          </Alert>
        ) : null}
        <video
          ref={videoRef}
          aria-label={facing === 'user' ? 'Front camera preview' : 'Back camera preview'}
          autoPlay
          playsInline
          muted
          style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 4 }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button disabled={state.status !== 'live'} loading={capturing} onClick={() => void capture()}>
            Capture
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
