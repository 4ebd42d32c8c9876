-- Neovim 0.7's built-in LSP client against `shlo lsp`, run headless by
-- run.sh. Writes one line per check to $SHLO_NVIM_RESULT and quits with
-- status 1 when any check failed or the script raised an error.
local binary = assert(os.getenv('SHLO_BINARY'), 'SHLO_BINARY not set')
local workdir = assert(os.getenv('SHLO_NVIM_WORKDIR'), 'SHLO_NVIM_WORKDIR not set')
local result_path = assert(os.getenv('SHLO_NVIM_RESULT'), 'SHLO_NVIM_RESULT not set')

local lines = {}
local failed = 0
local function check(condition, what, detail)
  if condition then
    table.insert(lines, 'ok   ' .. what)
  else
    failed = failed + 1
    table.insert(lines, 'FAIL ' .. what .. (detail and (': ' .. detail) or ''))
  end
  return condition
end

local function write_file(path, text)
  local file = assert(io.open(path, 'w'))
  file:write(text)
  file:close()
end

-- The document: an undefined value (`%y`, line 4), a deprecated op
-- (line 5), and a location alias naming model.py, which is in the folder.
local source = table.concat({
  'module @m {',
  '  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {',
  '    %0 = stablehlo.abs %x : tensor<4xf32> loc(#loc1)',
  '    %1 = stablehlo.add %0, %y : tensor<4xf32>',
  '    %2 = stablehlo.dot %1, %1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>',
  '    return %0 : tensor<4xf32>',
  '  }',
  '}',
  '#loc1 = loc("model.py":3:5)',
  '',
}, '\n')

local function diagnostics_with(bufnr, predicate)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if predicate(d) then return d end
  end
  return nil
end

local function request(bufnr, method, row, col)
  -- Through the cursor, as a user would: the client converts the column.
  vim.api.nvim_win_set_cursor(0, { row + 1, col })
  local params = vim.lsp.util.make_position_params()
  local responses, err = vim.lsp.buf_request_sync(bufnr, method, params, 5000)
  if not responses then return nil, err end
  for _, response in pairs(responses) do
    if response.error then return nil, vim.inspect(response.error) end
    return response.result
  end
  return nil, 'no response'
end

local function first_location(result)
  if result == nil then return nil end
  if result.uri or result.targetUri then return result end
  return result[1]
end

local function main()
  write_file(workdir .. '/model.py', 'import jax\n\ndef f(x):\n    return abs(x)\n')
  local path = workdir .. '/model.mlir'
  write_file(path, source)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()

  local client_id = vim.lsp.start_client({
    name = 'shlo',
    cmd = { binary, 'lsp' },
    root_dir = workdir,
    workspace_folders = { { uri = vim.uri_from_fname(workdir), name = 'work' } },
  })
  if not check(client_id ~= nil, 'start_client') then return end
  check(vim.lsp.buf_attach_client(bufnr, client_id), 'buf_attach_client')
  check(vim.wait(10000, function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.initialized
  end, 20), 'server initialized')

  -- Diagnostics: the undefined value, with its code, on line 4 (index 3).
  local undefined
  vim.wait(10000, function()
    undefined = diagnostics_with(bufnr, function(d) return d.message:find('%%y', 1) ~= nil end)
    return undefined ~= nil
  end, 20)
  if check(undefined ~= nil, 'diagnostic for the undefined %y', vim.inspect(vim.diagnostic.get(bufnr))) then
    check(undefined.lnum == 3, 'diagnostic on line 4', 'lnum ' .. tostring(undefined.lnum))
    check(undefined.col == 27, 'diagnostic at the column of %y', 'col ' .. tostring(undefined.col))
    check(undefined.severity == vim.diagnostic.severity.ERROR, 'diagnostic is an error')
    local code = undefined.code or (undefined.user_data and undefined.user_data.lsp.code)
    check(type(code) == 'string' and code ~= '', 'diagnostic has a code', vim.inspect(code))
  end
  -- The deprecated op, with LSP's Deprecated tag (2), which 0.7 announces.
  local deprecated = diagnostics_with(bufnr, function(d) return d.lnum == 4 and d.message:find('deprecated') end)
  if check(deprecated ~= nil, 'deprecation warning on line 5', vim.inspect(vim.diagnostic.get(bufnr))) then
    check(deprecated.severity == vim.diagnostic.severity.WARN, 'deprecation is a warning')
    local tags = deprecated.user_data and deprecated.user_data.lsp and deprecated.user_data.lsp.tags or {}
    check(vim.tbl_contains(tags, 2), 'deprecation carries the Deprecated tag', vim.inspect(tags))
  end

  -- Hover on the use of %0 (line 4): its type, where it is defined, uses.
  local hover, err = request(bufnr, 'textDocument/hover', 3, 23)
  local text = hover and hover.contents and (hover.contents.value or '') or ''
  check(text:find('%0 : tensor<4xf32>', 1, true) ~= nil, 'hover shows the type of %0', err or text)
  check(text:find('result #0 of `stablehlo.abs`', 1, true) ~= nil, 'hover shows the defining op', text)
  check(text:find('2 uses', 1, true) ~= nil, 'hover counts the uses', text)

  -- Definition of that use: the definition of %0 on line 3.
  local definition
  definition, err = request(bufnr, 'textDocument/definition', 3, 23)
  local location = first_location(definition)
  if check(location ~= nil, 'definition of %0', err or vim.inspect(definition)) then
    check(location.uri == vim.uri_from_bufnr(bufnr), 'definition is in the document', location.uri)
    check(location.range.start.line == 2 and location.range.start.character == 4, 'definition at %0 on line 3',
      vim.inspect(location.range))
  end

  -- Definition of the location alias: model.py line 3, column 5.
  definition, err = request(bufnr, 'textDocument/definition', 2, 46)
  location = first_location(definition)
  if check(location ~= nil, 'definition of loc(#loc1)', err or vim.inspect(definition)) then
    check(location.uri == vim.uri_from_fname(workdir .. '/model.py'), 'loc jumps to model.py', location.uri)
    check(location.range.start.line == 2 and location.range.start.character == 4, 'loc jumps to 3:5',
      vim.inspect(location.range))
  end

  -- An edit through the buffer (incremental didChange) fixes the error.
  vim.api.nvim_buf_set_text(bufnr, 3, 27, 3, 29, { '%x' })
  local cleared = vim.wait(10000, function()
    return diagnostics_with(bufnr, function(d) return d.severity == vim.diagnostic.severity.ERROR end) == nil
  end, 20)
  -- Meaningful only if the error was there before the edit.
  check(undefined ~= nil and cleared, 'the edit clears the error', vim.inspect(vim.diagnostic.get(bufnr)))

  -- Completion (issue 14): an op name typed on a new line before `return`
  -- gets the op table's skeleton (plain text: 0.7 announces no snippets),
  -- and `%` the values in scope with their types.
  vim.api.nvim_buf_set_lines(bufnr, 5, 5, false, { '    %9 = stablehlo.ad ' })
  vim.wait(400)
  local completion
  completion, err = request(bufnr, 'textDocument/completion', 5, 21)
  local items = completion and (completion.items or completion) or {}
  local add
  for _, item in ipairs(items) do
    if item.label == 'stablehlo.add' then add = item end
  end
  if check(add ~= nil, 'completion offers stablehlo.add', err or vim.inspect(completion)) then
    local new_text = add.textEdit and add.textEdit.newText or add.insertText or ''
    check(new_text == 'stablehlo.add %lhs, %rhs : tensor<f32>', 'completion inserts the pretty form', new_text)
  end
  -- Normal mode puts the cursor on a character: `,` stands after the `%`.
  vim.api.nvim_buf_set_lines(bufnr, 5, 6, false, { '    %9 = stablehlo.add %, %x : tensor<4xf32>' })
  -- 0.7 sends the change after its debounce (150 ms), not before a request.
  vim.wait(400)
  completion, err = request(bufnr, 'textDocument/completion', 5, 24)
  items = completion and (completion.items or completion) or {}
  local value
  for _, item in ipairs(items) do
    if item.label == '%0' then value = item end
  end
  check(value ~= nil and value.detail == 'tensor<4xf32>', 'completion offers %0 with its type',
    err or vim.inspect(items))
  vim.api.nvim_buf_set_lines(bufnr, 5, 6, false, {})

  -- A code action: the deprecated dot (line 5) in the generic form,
  -- applied as the client applies a workspace edit.
  local client = vim.lsp.get_client_by_id(client_id)
  local actions
  actions, err = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = 4, character = 6 }, ['end'] = { line = 4, character = 6 } },
    context = { diagnostics = {} },
  }, 5000)
  local generic
  for _, response in pairs(actions or {}) do
    for _, action in ipairs(response.result or {}) do
      if action.title:find('to generic form', 1, true) then generic = action end
    end
  end
  if check(generic ~= nil, 'code action: convert the dot to generic form', err or vim.inspect(actions)) then
    vim.lsp.util.apply_workspace_edit(generic.edit, client.offset_encoding)
    local line = vim.api.nvim_buf_get_lines(bufnr, 4, 5, false)[1]
    check(line:find('%2 = "stablehlo.dot"(%1, %1)', 1, true) ~= nil, 'code action applied', line)
  end
  -- Let the client's didChange debounce (150 ms) pass before the next request.
  vim.wait(400)

  -- Formatting (synchronous, as on save) prints the dot's pretty form again
  -- and leaves the other lines as they are.
  local before = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  vim.lsp.buf.formatting_sync(nil, 5000)
  local after = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  check(after[5] == '    %2 = stablehlo.dot %1, %1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>',
    'formatting prints the pretty form', after[5])
  local others_kept = #before == #after
  for i = 1, #before do
    if i ~= 5 and before[i] ~= after[i] then others_kept = false end
  end
  check(others_kept, 'formatting changes only that line', vim.inspect(after))
  vim.wait(400)

  -- Rename %0 (line 3) through prepareRename and rename.
  vim.api.nvim_win_set_cursor(0, { 3, 5 })
  vim.lsp.buf.rename('abs')
  local renamed = vim.wait(5000, function()
    return vim.api.nvim_buf_get_lines(bufnr, 2, 3, false)[1]:find('%abs = stablehlo.abs', 1, true) ~= nil
  end, 20)
  local lines_now = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  check(renamed and lines_now[4]:find('stablehlo.add %abs, %x', 1, true) ~= nil
    and lines_now[6]:find('return %abs', 1, true) ~= nil, 'rename of %0 reaches its uses', vim.inspect(lines_now))

  vim.lsp.stop_client(client_id)
  check(vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20), 'server stopped')
end

local ok, message = pcall(main)
if not ok then
  failed = failed + 1
  table.insert(lines, 'FAIL script error: ' .. tostring(message))
end
table.insert(lines, string.format('neovim %s: %d checks failed', tostring(vim.version().minor), failed))
write_file(result_path, table.concat(lines, '\n') .. '\n')
if failed > 0 then vim.cmd('cquit 1') else vim.cmd('qall!') end
