import { useCallback, useEffect, useRef, useState } from 'react';
import { TRANSCRIPTION_MESSAGES } from '../../../contract/transcriptions.ts';

export interface Recording {
  file: File;
  url: string;
}

/**
 * The record panel's state (spec 3 §4): idle or recording, a timer counting up each second; stopping gives a file
 * and a playback URL. A microphone that cannot be opened answers the spec's alert.
 */
export function useRecorder(onRecorded: (recording: Recording) => void) {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stopTracks = () => recorder.current?.stream.getTracks().forEach((track) => track.stop());
  useEffect(
    () => () => {
      clearInterval(timer.current);
      stopTracks();
    },
    [],
  );

  const start = useCallback(async () => {
    let media: MediaRecorder;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      // Inside the try: a browser without MediaRecorder cannot record either.
      try {
        media = new MediaRecorder(stream);
      } catch (err) {
        stream.getTracks().forEach((track) => track.stop());
        throw err;
      }
    } catch {
      window.alert(TRANSCRIPTION_MESSAGES.microphone);
      return;
    }
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      const type = media.mimeType || 'audio/webm';
      const blob = new Blob(chunks, { type });
      const file = new File([blob], `recording-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.webm`, { type: type.split(';')[0] });
      onRecorded({ file, url: URL.createObjectURL(blob) });
    };
    recorder.current = media;
    media.start();
    setSeconds(0);
    setRecording(true);
    timer.current = setInterval(() => setSeconds((s) => s + 1), 1000);
  }, [onRecorded]);

  const stop = useCallback(() => {
    clearInterval(timer.current);
    recorder.current?.stop();
    stopTracks();
    setRecording(false);
  }, []);

  return { recording, seconds, start, stop };
}

export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
