/**
 * The login dialog with the Mantine styles only it needs, loaded on the first click on Login so the landing
 * page's first load carries neither (the buttons, loader and overlay styles are already in public-styles.ts).
 */
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Image.layer.css';
export { LoginDialog } from '../login-dialog';
