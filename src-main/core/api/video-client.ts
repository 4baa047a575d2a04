import { quotaDataSchema, type QuotaData } from '../../../src-shared/api/quota.ts';
import {
  VIDEO_PATHS,
  videoTaskListSchema,
  videoTaskResponseSchema,
  type VideoGenerateRequest,
  type VideoTask,
  type VideoTaskList,
} from '../../../src-shared/api/video.ts';
import { videoGenerateRequestSchema } from '../../../src-shared/api/video-request-rules.ts';
import { watermarkEnvelopeSchema } from '../../../src-shared/api/watermark.ts';
import {
  callService,
  checkOutgoing,
  readIncoming,
  type CallOptions,
  type ClientOptions,
} from './endpoint.ts';

export interface VideoListFilter {
  pageNum?: number;
  pageSize?: number;
  status?: string;
  taskIds?: string[];
  model?: string;
}

/** The video interface: generate (paid), get, list and quota (read-only). */
export class VideoClient {
  private readonly options: ClientOptions;

  constructor(options: ClientOptions) {
    this.options = options;
  }

  /** Checks every rule locally first, so a request the service would refuse costs nothing. */
  async generate(request: VideoGenerateRequest, call: CallOptions = {}): Promise<VideoTask> {
    const body = checkOutgoing('video.generate', videoGenerateRequestSchema, request);
    return callService(this.options, {
      operation: 'video.generate',
      kind: 'paid',
      method: 'POST',
      path: VIDEO_PATHS.generate,
      body,
      signal: call.signal,
      parse: (reply) => readIncoming('video.generate', videoTaskResponseSchema, reply).task,
    });
  }

  async get(taskId: string, call: CallOptions = {}): Promise<VideoTask> {
    return callService(this.options, {
      operation: 'video.get',
      kind: 'read',
      method: 'GET',
      path: VIDEO_PATHS.task(taskId),
      signal: call.signal,
      parse: (reply) => readIncoming('video.get', videoTaskResponseSchema, reply).task,
    });
  }

  async list(filter: VideoListFilter = {}, call: CallOptions = {}): Promise<VideoTaskList> {
    const query = new URLSearchParams();
    if (filter.pageNum !== undefined) query.set('page_num', String(filter.pageNum));
    if (filter.pageSize !== undefined) query.set('page_size', String(filter.pageSize));
    if (filter.status) query.set('filter.status', filter.status);
    if (filter.model) query.set('filter.model', filter.model);
    for (const id of filter.taskIds ?? []) query.append('filter.task_ids', id);
    const search = query.size > 0 ? `?${query.toString()}` : '';
    return callService(this.options, {
      operation: 'video.list',
      kind: 'read',
      method: 'GET',
      path: VIDEO_PATHS.tasks + search,
      signal: call.signal,
      parse: (reply) => readIncoming('video.list', videoTaskListSchema, reply),
    });
  }

  async quota(call: CallOptions = {}): Promise<QuotaData> {
    return callService(this.options, {
      operation: 'video.quota',
      kind: 'read',
      method: 'POST',
      path: VIDEO_PATHS.quota,
      body: {},
      signal: call.signal,
      parse: (reply) =>
        readIncoming(
          'video.quota',
          quotaDataSchema,
          readIncoming('video.quota', watermarkEnvelopeSchema, reply).data,
        ),
    });
  }
}
