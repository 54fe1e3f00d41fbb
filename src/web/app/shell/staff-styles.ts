/**
 * The staff area loads Mantine's whole stylesheet with its lazy chunk: its screens use tables, inputs, dialogs,
 * and more, and one import keeps every later screen styled without a per-component list to
 * maintain. The public first load stays small (app/public-styles.ts); repeating the base layers here is harmless.
 */
import '@mantine/core/styles.layer.css';
