/**
 * The landlord wizard renders steppers, tabs, tables, selects and dialogs: it is loaded lazily, so it brings
 * Mantine's whole component stylesheet in its own chunk, as the staff area does (shell/staff-styles.ts).
 */
import '@mantine/core/styles.layer.css';
