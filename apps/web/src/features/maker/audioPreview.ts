/**
 * The in-browser preview: the chosen file played at the chosen rate with Web Audio, before anything
 * is uploaded. An AudioBufferSourceNode's playbackRate resamples, so pitch follows speed as in the
 * converted song; the slowed brand's reverb is a convolution with a decaying-noise room.
 */

const PCM_RATE = 44_100;

/** Raw PCM (16-bit little-endian, 44.1 kHz, stereo) has no header the browser could decode. */
function pcmBuffer(context: BaseAudioContext, bytes: ArrayBuffer): AudioBuffer {
  const frames = Math.floor(bytes.byteLength / 4);
  const buffer = context.createBuffer(2, Math.max(1, frames), PCM_RATE);
  const view = new DataView(bytes);
  const left = buffer.getChannelData(0);
  const right = buffer.getChannelData(1);
  for (let frame = 0; frame < frames; frame += 1) {
    left[frame] = view.getInt16(frame * 4, true) / 32_768;
    right[frame] = view.getInt16(frame * 4 + 2, true) / 32_768;
  }
  return buffer;
}

function roomImpulse(context: BaseAudioContext, seconds = 2.5): AudioBuffer {
  const length = Math.floor(context.sampleRate * seconds);
  const impulse = context.createBuffer(2, length, context.sampleRate);
  for (let channel = 0; channel < 2; channel += 1) {
    const data = impulse.getChannelData(channel);
    for (let index = 0; index < length; index += 1) {
      data[index] = (Math.random() * 2 - 1) * (1 - index / length) ** 3;
    }
  }
  return impulse;
}

const PREVIEW_UNSUPPORTED_MESSAGE =
  'Your browser cannot preview this file; converting it still works.';

export interface AudioPreview {
  play(file: File, rate: number, reverb: boolean, onEnded: () => void): Promise<void>;
  setRate(rate: number): void;
  stop(): void;
}

export function canPreview(): boolean {
  return typeof window !== 'undefined' && typeof window.AudioContext === 'function';
}

export function createAudioPreview(): AudioPreview {
  let context: AudioContext | null = null;
  let source: AudioBufferSourceNode | null = null;
  let decoded: { file: File; buffer: AudioBuffer } | null = null;

  async function bufferOf(audio: AudioContext, file: File): Promise<AudioBuffer> {
    if (decoded?.file === file) return decoded.buffer;
    const bytes = await file.arrayBuffer();
    const buffer = /\.(pcm|raw)$/i.test(file.name)
      ? pcmBuffer(audio, bytes)
      : await audio.decodeAudioData(bytes);
    decoded = { file, buffer };
    return buffer;
  }

  const stop = () => {
    if (!source) return;
    source.onended = null;
    source.stop();
    source.disconnect();
    source = null;
  };

  return {
    async play(file, rate, reverb, onEnded) {
      stop();
      context ??= new AudioContext();
      await context.resume();
      let buffer: AudioBuffer;
      try {
        buffer = await bufferOf(context, file);
      } catch {
        throw new Error(PREVIEW_UNSUPPORTED_MESSAGE);
      }
      const player = context.createBufferSource();
      player.buffer = buffer;
      player.playbackRate.value = rate;
      player.connect(context.destination);
      if (reverb) {
        const room = context.createConvolver();
        room.buffer = roomImpulse(context);
        const wet = context.createGain();
        wet.gain.value = 0.35;
        player.connect(room).connect(wet).connect(context.destination);
      }
      player.onended = () => {
        source = null;
        onEnded();
      };
      player.start();
      source = player;
    },
    setRate(rate) {
      if (source) source.playbackRate.value = rate;
    },
    stop,
  };
}
