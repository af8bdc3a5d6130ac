/**
 * GenAI and MCP semantic-convention names (incubating in @opentelemetry/semantic-conventions 1.45,
 * where OpenTelemetry asks users to copy incubating names rather than import them, since they may move).
 */
export const GEN_AI = {
  operationName: 'gen_ai.operation.name',
  agentName: 'gen_ai.agent.name',
  providerName: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  /** Includes cached input tokens (the convention's note); our tapes keep them apart. */
  usageInputTokens: 'gen_ai.usage.input_tokens',
  usageOutputTokens: 'gen_ai.usage.output_tokens',
  usageCacheReadInputTokens: 'gen_ai.usage.cache_read.input_tokens',
  usageCacheCreationInputTokens: 'gen_ai.usage.cache_creation.input_tokens',
  usageReasoningOutputTokens: 'gen_ai.usage.reasoning.output_tokens',
  workflowName: 'gen_ai.workflow.name',
  evaluationName: 'gen_ai.evaluation.name',
  evaluationScoreLabel: 'gen_ai.evaluation.score.label',
  evaluationScoreValue: 'gen_ai.evaluation.score.value',
  evaluationExplanation: 'gen_ai.evaluation.explanation',
} as const;

export const GEN_AI_OPERATION = {
  chat: 'chat',
  executeTool: 'execute_tool',
  invokeAgent: 'invoke_agent',
  invokeWorkflow: 'invoke_workflow',
} as const;

export const EVENT_EVALUATION_RESULT = 'gen_ai.evaluation.result';

export const MCP = {
  methodName: 'mcp.method.name',
  protocolVersion: 'mcp.protocol.version',
  /** Never set on a 2026-07-28 session: that revision has no session. */
  sessionId: 'mcp.session.id',
} as const;

export const RPC = {
  jsonrpcRequestId: 'jsonrpc.request.id',
  jsonrpcProtocolVersion: 'jsonrpc.protocol.version',
  responseStatusCode: 'rpc.response.status_code',
} as const;

export const NETWORK_TRANSPORT = 'network.transport';
