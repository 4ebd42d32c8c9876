-- Run after README.md's Neovim block (run.sh): opens a file with an
-- undefined value and checks that the block's client serves it.
local result_path = assert(os.getenv('SHLO_EDITORS_RESULT'))
local file = assert(os.getenv('SHLO_EDITORS_FILE'))
local lines, failed = {}, 0
local function check(condition, what, detail)
  table.insert(lines, (condition and 'ok   ' or 'FAIL ') .. what .. ((not condition and detail) and (': ' .. detail) or ''))
  if not condition then failed = failed + 1 end
end

local ok, message = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  check(vim.bo.filetype == 'mlir', 'README block: .mlir gets the mlir filetype', vim.bo.filetype)
  local clients = {}
  vim.wait(10000, function()
    clients = vim.lsp.buf_get_clients(0)
    return next(clients) ~= nil
  end, 20)
  local names = {}
  for _, client in pairs(clients) do table.insert(names, client.name) end
  check(vim.tbl_contains(names, 'shlo'), 'README block: shlo lsp attached', vim.inspect(names))
  local found
  vim.wait(10000, function()
    for _, d in ipairs(vim.diagnostic.get(0)) do
      if d.message:find('%y', 1, true) then found = d end
    end
    return found ~= nil
  end, 20)
  check(found ~= nil and found.lnum == 1, 'README block: diagnostic for the undefined %y on line 2',
    vim.inspect(vim.diagnostic.get(0)))
end)
if not ok then check(false, 'script error', tostring(message)) end
local out = assert(io.open(result_path, 'w'))
out:write(table.concat(lines, '\n') .. '\n')
out:close()
vim.cmd(failed == 0 and 'qall!' or 'cquit!')
