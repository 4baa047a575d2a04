import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from '@playwright/test';
import type * as MediabunnyModule from 'mediabunny';
import { chromiumLaunchOptions } from './chromium.ts';

type Mediabunny = typeof MediabunnyModule;

/** A test clip Chromium encodes: small, with frames that all differ. */
export interface ClipRecipe {
  width: number;
  height: number;
  frameRate: number;
  frames: number;
  /** A WebCodecs codec string; profiles differ in their parameter sets. */
  codec: string;
  bitrate: number;
  /** Opus sound beside the picture. */
  sound?: boolean;
  /** Moving grain in every frame, so the encoder spends about its bitrate, as on real footage. */
  noise?: boolean;
  /** Tints every frame, so clips made with one recipe still differ. */
  hue: number;
}

/** One decoded frame: when it is shown and a digest of its pixels. */
export interface DecodedFrame {
  timestamp: number;
  pixels: string;
}

/**
 * Real Chromium with WebCodecs, for what Node lacks: an H.264 encoder to make clips with
 * chosen settings, and a decoder to check a film frame by frame. Pages load mediabunny's
 * own browser bundle from a loopback server (WebCodecs needs a secure origin).
 */
export class BrowserMedia {
  private readonly browser: Browser;
  private readonly page: Page;
  private readonly server: http.Server;

  private constructor(browser: Browser, page: Page, server: http.Server) {
    this.browser = browser;
    this.page = page;
    this.server = server;
  }

  static async start(): Promise<BrowserMedia> {
    const bundle = await readFile(
      createRequire(import.meta.url)
        .resolve('mediabunny')
        .replace(/[^/\\]+$/, '') + '../bundles/mediabunny.mjs',
    );
    const server = http.createServer((request, response) => {
      if (request.url === '/mediabunny.mjs') {
        response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bundle);
      } else response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const browser = await chromium.launch(chromiumLaunchOptions());
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    // Loaded by the page itself: an import() inside evaluate would be rewritten by Vitest.
    await page.addScriptTag({
      type: 'module',
      content: "import * as mediabunny from '/mediabunny.mjs'; window.mediabunny = mediabunny;",
    });
    await page.waitForFunction(() => 'mediabunny' in window);
    return new BrowserMedia(browser, page, server);
  }

  async encode(recipe: ClipRecipe): Promise<Buffer> {
    const base64 = await this.page.evaluate(async (r) => {
      const mb = (window as unknown as { mediabunny: Mediabunny }).mediabunny;
      const canvas = new OffscreenCanvas(r.width, r.height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      const output = new mb.Output({
        format: new mb.Mp4OutputFormat(),
        target: new mb.BufferTarget(),
      });
      const video = new mb.CanvasSource(canvas, {
        codec: 'avc',
        fullCodecString: r.codec,
        bitrate: r.bitrate,
        keyFrameInterval: 1,
      });
      output.addVideoTrack(video, { frameRate: r.frameRate });
      const sound = r.sound ? new mb.AudioSampleSource({ codec: 'opus', bitrate: 64_000 }) : null;
      if (sound) output.addAudioTrack(sound);
      await output.start();
      for (let i = 0; i < r.frames; i += 1) {
        context.fillStyle = `hsl(${r.hue} 60% ${20 + (i * 50) / r.frames}%)`;
        context.fillRect(0, 0, r.width, r.height);
        if (r.noise) {
          // Coarse grain, drawn small and scaled up: detail that moves, as footage has.
          const grain = new OffscreenCanvas(r.width / 8, r.height / 8);
          const pixels = new ImageData(grain.width, grain.height);
          crypto.getRandomValues(pixels.data);
          (grain.getContext('2d') as OffscreenCanvasRenderingContext2D).putImageData(pixels, 0, 0);
          context.globalAlpha = 0.5;
          context.drawImage(grain, 0, 0, r.width, r.height);
          context.globalAlpha = 1;
        }
        context.fillStyle = '#fff';
        context.fillRect((i * r.width) / r.frames, r.height / 3, r.width / 8, r.height / 3);
        await video.add(i / r.frameRate, 1 / r.frameRate);
      }
      if (sound) {
        const rate = 48_000;
        const length = Math.round((rate * r.frames) / r.frameRate);
        const data = new Float32Array(length);
        for (let i = 0; i < length; i += 1)
          data[i] = 0.2 * Math.sin((2 * Math.PI * 440 * i) / rate);
        await sound.add(
          new mb.AudioSample({
            data,
            format: 'f32',
            numberOfChannels: 1,
            sampleRate: rate,
            timestamp: 0,
          }),
        );
      }
      await output.finalize();
      const bytes = new Uint8Array(output.target.buffer as ArrayBuffer);
      let text = '';
      for (let at = 0; at < bytes.length; at += 0x8000)
        text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      return btoa(text);
    }, recipe);
    return Buffer.from(base64, 'base64');
  }

  /** Every frame of a file's video as the decoder gives it, in presentation order. */
  async decode(file: Buffer): Promise<DecodedFrame[]> {
    return this.page.evaluate(async (base64) => {
      const mb = (window as unknown as { mediabunny: Mediabunny }).mediabunny;
      const input = new mb.Input({
        formats: mb.ALL_FORMATS,
        source: new mb.BufferSource(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))),
      });
      const track = await input.getPrimaryVideoTrack();
      if (!track) throw new Error('The file has no video.');
      const found: { timestamp: number; pixels: string }[] = [];
      for await (const sample of new mb.VideoSampleSink(track).samples()) {
        // The decoder's own planes (YUV), before any conversion the colour description steers.
        const data = new Uint8Array(sample.allocationSize());
        await sample.copyTo(data);
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
        const pixels = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
        found.push({ timestamp: sample.timestamp, pixels });
        sample.close();
      }
      return found;
    }, file.toString('base64'));
  }

  async stop(): Promise<void> {
    await this.browser.close();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
