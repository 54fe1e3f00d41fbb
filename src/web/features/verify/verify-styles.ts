/**
 * The Mantine styles the verify page needs beyond the public pages' first load (app/public-styles.ts): loaded with
 * the page's own lazy chunk, so the landing page carries none of them.
 */
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Table.layer.css';
