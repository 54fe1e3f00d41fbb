/**
 * Mantine CSS the landing page's first view needs beyond app/public-styles.ts: the phone menu's Burger. The
 * dialogs and the drawer import their own styles, which load with their lazy chunks.
 */
import '@mantine/core/styles/Burger.layer.css';
