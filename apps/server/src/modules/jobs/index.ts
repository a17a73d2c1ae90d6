export { ManualClock, systemClock, type Clock } from './clock';
export {
  JobQueue,
  PermanentJobError,
  type JobContext,
  type JobHandler,
  type JobOutcome,
  type JobQueueOptions,
} from './queue';
export type { EnqueueInput, JobRecord } from './store';
