import { createContext } from 'react';
import { createActorContext } from '@xstate/react';
import { insightsExportMachine } from '../../../../../machines/insights-export';
import type { ExportEnv } from './export-stream';

/** The export machine of one panel; the panel always gives it the logic wired to its environment. */
export const ExportActor = createActorContext(insightsExportMachine);

/** Stories and tests put fakes of fetch, the save dialog and the clock here; null means the browser's own. */
export const ExportEnvContext = createContext<ExportEnv | null>(null);
