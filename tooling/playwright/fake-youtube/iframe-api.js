// Served instead of https://www.youtube.com/iframe_api in end-to-end tests (see index.js): a
// player that behaves like YouTube's (ready, state changes with YT.PlayerState values, error codes)
// without any network, driven by the test through window.__fakeYouTube.
(() => {
  const PlayerState = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  const DURATION_SECONDS = 200;
  // Video ids the test made unavailable, with the error code they fail with.
  const unavailable = {};
  const later = (callback) => setTimeout(callback, 0);

  const driver = {
    players: [],
    /** Every video loaded, in order, with its start time and the page clock when it loaded. */
    loads: [],
    get player() {
      return this.players.at(-1);
    },
    markUnavailable(videoId, code = 150) {
      unavailable[videoId] = code;
    },
    end() {
      this.player.finish();
    },
    fail(code) {
      this.player.fail(code);
    },
  };

  class Player {
    constructor(element, options) {
      this.options = options;
      this.events = options.events ?? {};
      this.state = PlayerState.UNSTARTED;
      this.time = 0;
      this.muted = false;
      this.volume = 100;
      this.videoId = null;
      this.frame = document.createElement('div');
      this.frame.setAttribute('data-testid', 'fake-youtube-player');
      element.replaceWith(this.frame);
      driver.players.push(this);
      later(() => {
        this.events.onReady?.({ target: this });
        const start = options.playerVars?.start ?? 0;
        if (options.videoId) this.load(options.videoId, start, options.playerVars?.autoplay === 1);
      });
    }

    setState(state) {
      this.state = state;
      this.frame.setAttribute('data-state', String(state));
      this.events.onStateChange?.({ data: state, target: this });
    }

    load(videoId, startSeconds = 0, autoplay = true) {
      this.videoId = videoId;
      this.time = startSeconds;
      this.frame.setAttribute('data-video-id', videoId);
      driver.loads.push({ videoId, startSeconds, at: Date.now() });
      const code = unavailable[videoId];
      if (code !== undefined) {
        later(() => this.fail(code));
        return;
      }
      this.setState(PlayerState.UNSTARTED);
      if (!autoplay) return;
      later(() => {
        this.setState(PlayerState.BUFFERING);
        this.setState(PlayerState.PLAYING);
      });
    }

    finish() {
      this.time = DURATION_SECONDS;
      this.setState(PlayerState.ENDED);
    }

    fail(code) {
      this.events.onError?.({ data: code, target: this });
    }

    loadVideoById(videoIdOrOptions, startSeconds) {
      const options =
        typeof videoIdOrOptions === 'string'
          ? { videoId: videoIdOrOptions, startSeconds }
          : videoIdOrOptions;
      this.load(options.videoId, options.startSeconds ?? 0);
    }

    cueVideoById(videoIdOrOptions) {
      const videoId =
        typeof videoIdOrOptions === 'string' ? videoIdOrOptions : videoIdOrOptions.videoId;
      this.load(videoId, 0, false);
      later(() => this.setState(PlayerState.CUED));
    }

    playVideo() {
      if (this.videoId && unavailable[this.videoId] === undefined) {
        if (this.state === PlayerState.ENDED) this.time = 0;
        this.setState(PlayerState.PLAYING);
      }
    }

    pauseVideo() {
      if (this.state === PlayerState.PLAYING) this.setState(PlayerState.PAUSED);
    }

    seekTo(seconds) {
      this.time = seconds;
    }

    mute() {
      this.muted = true;
    }

    unMute() {
      this.muted = false;
    }

    isMuted() {
      return this.muted;
    }

    setVolume(volume) {
      this.volume = volume;
    }

    getVolume() {
      return this.volume;
    }

    getCurrentTime() {
      return this.time;
    }

    getDuration() {
      return this.videoId ? DURATION_SECONDS : 0;
    }

    getPlayerState() {
      return this.state;
    }

    destroy() {
      this.frame.remove();
    }
  }

  window.__fakeYouTube = driver;
  window.YT = { Player, PlayerState };
  window.onYouTubeIframeAPIReady?.();
})();
