import { TRANSCRIPTION_POLL, type TranscriptionStatus } from '../../../contract/transcriptions.ts';

export interface PollHandlers {
  check: () => Promise<{ status: TranscriptionStatus; error_message: string | null }>;
  onCompleted: () => void;
  onFailed: (message: string | null) => void;
  onTimeout: () => void;
}

/**
 * Follows a started transcription exactly as spec 3 §4 says: the first check after 1 s, then every 2.5 s; a network
 * error is retried after 5 s; after 120 checks (errors included) it gives up. Answers a function that stops it.
 */
export function pollTranscription(handlers: PollHandlers): () => void {
  let attempts = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = (ms: number) => {
    if (stopped) return;
    if (attempts >= TRANSCRIPTION_POLL.maxAttempts) {
      handlers.onTimeout();
      return;
    }
    timer = setTimeout(() => void tick(), ms);
  };
  async function tick() {
    attempts += 1;
    try {
      const { status, error_message } = await handlers.check();
      if (stopped) return;
      if (status === 'completed') return handlers.onCompleted();
      if (status === 'failed') return handlers.onFailed(error_message);
      next(TRANSCRIPTION_POLL.intervalMs);
    } catch {
      next(TRANSCRIPTION_POLL.errorRetryMs);
    }
  }
  timer = setTimeout(() => void tick(), TRANSCRIPTION_POLL.firstAfterMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
