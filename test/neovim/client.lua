-- The language server from a second real editor: Neovim's built-in LSP client, headless.
-- Run by test/neovim/stage.mjs as
--   nvim --headless -u NONE -i NONE -c "luafile test/neovim/client.lua"
-- with GRUNDY_SERVER (the bundled server), GRUNDY_WORK (a scratch folder holding copies of two
-- examples) and GRUNDY_RESULTS (where each check writes one line: "ok NAME" or "fail NAME: why").
-- Every check uses the client as a user's configuration would: start_client, buf_attach_client,
-- vim.diagnostic, vim.lsp.buf.*, vim.lsp.codelens.*; requests that Neovim 0.7 has no UI for
-- (inlay hints) go through the client's own request API.
local server = assert(os.getenv('GRUNDY_SERVER'), 'GRUNDY_SERVER is not set')
local work = assert(os.getenv('GRUNDY_WORK'), 'GRUNDY_WORK is not set')
local results = assert(io.open(assert(os.getenv('GRUNDY_RESULTS'), 'GRUNDY_RESULTS is not set'), 'w'))

local function record(name, ok, why)
  -- One line per check: a reason's line breaks are shown as ⏎.
  local reason = ok and '' or (': ' .. tostring(why):gsub('\n', ' ⏎ '))
  results:write((ok and 'ok ' or 'fail ') .. name .. reason .. '\n')
  results:flush()
end

-- A check: its failures (assertions, errors) are recorded, and the next check runs.
local function check(name, body)
  local ok, why = pcall(body)
  record(name, ok, why)
end

local function lines(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
end

-- Polls `condition` (which may itself make requests: no nested vim.wait condition) until it holds.
local function wait_for(what, timeout, condition)
  local deadline = vim.loop.hrtime() + timeout * 1e6
  while vim.loop.hrtime() < deadline do
    if condition() then return end
    vim.wait(50)
  end
  error('timed out after ' .. timeout .. ' ms waiting for ' .. what)
end

-- Several lenses on a line make codelens.run ask which one: take the first (headless, no one answers).
vim.ui.select = function(items, _, on_choice) on_choice(items[1], 1) end
-- Messages the server sends (window/showMessage) are kept for the checks.
local shown = {}
vim.lsp.handlers['window/showMessage'] = function(_, result) table.insert(shown, result.message) end

local client_id = vim.lsp.start_client({
  name = 'grundy',
  cmd = { 'node', server, '--stdio' },
  root_dir = work,
})
assert(client_id, 'the client did not start')

local function open(file)
  vim.cmd('edit ' .. work .. '/' .. file)
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'game'
  vim.lsp.buf_attach_client(bufnr, client_id)
  return bufnr
end

local function request(bufnr, method, params)
  local answers = vim.lsp.buf_request_sync(bufnr, method, params, 10000)
  local answer = answers and answers[client_id]
  if not answer then error(method .. ': no answer') end
  if answer.err then error(method .. ': ' .. vim.inspect(answer.err)) end
  return answer.result
end

local function line_of(bufnr, pattern)
  for i, text in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    if text:find(pattern) then return i - 1 end
  end
  error('no line matches ' .. pattern)
end

check('initialize: the server lists every command its lenses use', function()
  wait_for('initialize', 10000, function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client and client.initialized
  end)
  local client = vim.lsp.get_client_by_id(client_id)
  local commands = client.server_capabilities.executeCommandProvider.commands
  for _, command in ipairs({ 'grundy.applyMove', 'grundy.showMoves', 'grundy.explainGame' }) do
    assert(vim.tbl_contains(commands, command), command .. ' is not listed: ' .. vim.inspect(commands))
  end
end)

-- The mistakes example: diagnostics, each with a code, where the mistakes are.
local mistakes = open('mistakes.game')
check('diagnostics: the mistakes example gets them, with codes', function()
  wait_for('diagnostics', 10000, function() return #vim.diagnostic.get(mistakes) > 10 end)
  local codes = {}
  for _, d in ipairs(vim.diagnostic.get(mistakes)) do codes[d.code] = true end
  for _, code in ipairs({ 'unknown-token', 'expected-declaration', 'expected-equals' }) do
    assert(codes[code], code .. ' is missing: ' .. vim.inspect(vim.tbl_keys(codes)))
  end
  local typo = line_of(mistakes, '^gme typo')
  local found = vim.diagnostic.get(mistakes, { lnum = typo })
  assert(#found == 1 and found[1].message:find('did you mean `game`'), vim.inspect(found))
end)

check('quick fix: the suggestion for the misspelt keyword, applied as Neovim applies edits', function()
  local typo = line_of(mistakes, '^gme typo')
  local diagnostic = vim.diagnostic.get(mistakes, { lnum = typo })[1]
  local range = { start = { line = typo, character = diagnostic.col }, ['end'] = { line = typo, character = diagnostic.end_col } }
  local lsp_diagnostic = { range = range, message = diagnostic.message, code = diagnostic.code, severity = diagnostic.severity }
  local actions = request(mistakes, 'textDocument/codeAction', { textDocument = vim.lsp.util.make_text_document_params(mistakes), range = range, context = { diagnostics = { lsp_diagnostic } } })
  assert(actions and actions[1] and actions[1].title == 'Replace with `game`', vim.inspect(actions))
  vim.lsp.util.apply_workspace_edit(actions[1].edit, 'utf-16')
  assert(vim.api.nvim_buf_get_lines(mistakes, typo, typo + 1, false)[1]:find('^game typo%-keyword = nim 1'), lines(mistakes))
end)

-- The coins example: values, moves, rename, format.
local coins = open('coins.game')
local coins_line = line_of(coins, '^game coins')

check('hover: the value of a game', function()
  local text
  wait_for('a hover with the value', 10000, function()
    local hover = request(coins, 'textDocument/hover', { textDocument = vim.lsp.util.make_text_document_params(coins), position = { line = coins_line, character = 6 } })
    text = hover and hover.contents.value or ''
    return text:find('nimber') ~= nil
  end)
  assert(text:find('the player to move wins'), text)
end)

check('inlay hints: the nim-sum and who wins', function()
  local labels
  wait_for('inlay hints with values', 10000, function()
    local hints = request(coins, 'textDocument/inlayHint', { textDocument = vim.lsp.util.make_text_document_params(coins), range = { start = { line = 0, character = 0 }, ['end'] = { line = 100, character = 0 } } })
    labels = {}
    for _, hint in ipairs(hints or {}) do table.insert(labels, hint.label) end
    return vim.tbl_contains(labels, '= *3 · win')
  end)
  assert(vim.tbl_contains(labels, '= 0 · lose'), vim.inspect(labels))
end)

local function lens_titles()
  vim.lsp.codelens.refresh()
  vim.wait(100)
  local titles = {}
  for _, lens in ipairs(vim.lsp.codelens.get(coins)) do
    if lens.command then table.insert(titles, lens.command.title) end
  end
  return titles
end

check('code lenses: the winning moves, no VS Code icon syntax', function()
  local titles
  wait_for('move lenses', 10000, function()
    titles = lens_titles()
    return vim.tbl_contains(titles, '▶ onetwo 4 → 2')
  end)
  for _, title in ipairs(titles) do assert(not title:find('%$%('), 'icon syntax in ' .. title) end
  assert(vim.tbl_contains(titles, 'every move loses (nim-sum 0): the player to move loses'), vim.inspect(titles))
end)

check('a winning move: codelens.run plays it through workspace/applyEdit', function()
  vim.api.nvim_win_set_cursor(0, { coins_line + 1, 0 })
  vim.lsp.codelens.run()
  wait_for('the move in the text', 10000, function()
    return vim.api.nvim_buf_get_lines(coins, coins_line, coins_line + 1, false)[1]:find('^game coins = onetwo 3 2 5') ~= nil
  end)
  wait_for('the lens of the new position', 10000, function()
    local titles = lens_titles()
    -- The P-position's lens, the other game's, the rule's (explore its nim-sequence), and each game's play lens.
    local playing = 0
    for _, title in ipairs(titles) do if title == 'play against the computer' then playing = playing + 1 end end
    return vim.tbl_contains(titles, 'every move loses (nim-sum 0): the player to move loses') and #titles == 5
      and playing == 2
  end)
end)

check('a fact lens runs too: the server explains the game as a message', function()
  vim.api.nvim_win_set_cursor(0, { coins_line + 1, 0 })
  local before = #shown
  vim.lsp.codelens.run()
  wait_for('a message', 10000, function() return #shown > before end)
  assert(shown[#shown]:find('game coins') and shown[#shown]:find('the player to move loses'), shown[#shown])
end)

check("a rule's lens: the server tells its nim-sequence as a message", function()
  assert(vim.tbl_contains(lens_titles(), 'explore the nim-sequence of onetwo'), vim.inspect(lens_titles()))
  vim.api.nvim_win_set_cursor(0, { line_of(coins, '^rule onetwo') + 1, 0 })
  local before = #shown
  vim.lsp.codelens.run()
  wait_for('a message', 10000, function() return #shown > before end)
  assert(shown[#shown]:find('rule onetwo: subtract {1, 2}') and shown[#shown]:find('period 3'), shown[#shown])
end)

check('rename: every use of the rule, and nothing else', function()
  local rule_line = line_of(coins, '^rule onetwo')
  vim.api.nvim_win_set_cursor(0, { rule_line + 1, 6 })
  vim.lsp.buf.rename('take')
  wait_for('the renamed rule', 10000, function() return not lines(coins):find('onetwo =') end)
  local text = lines(coins)
  assert(text:find('rule take = subtract') and text:find('game coins = take 3 2 5') and text:find('game lost  = take 3 4 4'), text)
  assert(not text:find('onetwo'), text)
end)

check('formatting: the canonical layout, comments in their column', function()
  local line = line_of(coins, '^game lost')
  vim.api.nvim_buf_set_lines(coins, line, line + 1, false, { 'game lost=take 3   4 4   # nimbers 0, 1, 1; nim-sum 0: the player to move loses   ' })
  vim.lsp.buf.formatting_sync(nil, 10000)
  local after = vim.api.nvim_buf_get_lines(coins, line, line + 1, false)[1]
  assert(after == 'game lost = take 3 4 4   # nimbers 0, 1, 1; nim-sum 0: the player to move loses', after)
end)

check('document symbols: the outline', function()
  local symbols = request(coins, 'textDocument/documentSymbol', { textDocument = vim.lsp.util.make_text_document_params(coins) })
  local names = {}
  for _, symbol in ipairs(symbols) do table.insert(names, symbol.name) end
  assert(table.concat(names, ' ') == 'take coins lost', vim.inspect(names))
end)

check('go to definition: from a use to the rule', function()
  local location = request(coins, 'textDocument/definition', { textDocument = vim.lsp.util.make_text_document_params(coins), position = { line = coins_line, character = 14 } })
  local target = location[1] or location
  assert(target.range.start.line == line_of(coins, '^rule take') and target.range.start.character == 5, vim.inspect(location))
end)

check('grundy.reply: the computer moves through workspace/applyEdit, leaving a P-position', function()
  vim.cmd('edit ' .. work .. '/play.game')
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'game'
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, { 'game x = nim 3 4 5   # the computer moves here' })
  vim.lsp.buf_attach_client(bufnr, client_id)
  local before = #shown
  local answer = request(bufnr, 'workspace/executeCommand', {
    command = 'grundy.reply',
    arguments = { { uri = vim.uri_from_bufnr(bufnr), version = vim.lsp.util.buf_versions[bufnr], game = 'x' } },
  })
  assert(answer.status == 'moved', vim.inspect(answer))
  -- 3 ⊕ 4 ⊕ 5 = 2: the one winning move takes the heap of 3 down to 1.
  wait_for('the computer move in the text', 10000, function()
    return vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1] == 'game x = nim 1 4 5   # the computer moves here'
  end)
  wait_for('a message', 10000, function() return #shown > before end)
  assert(shown[#shown]:find('^Computer: ') and shown[#shown]:find('Your move'), shown[#shown])
end)

-- A graph with cycles (examples/loops.game): Smith's values, draws, and the move that keeps a draw.
local loops = open('loops.game')

check("graphs with cycles: a hint (no error) names one cycle of each", function()
  local found
  wait_for('the cycle hints', 10000, function()
    found = vim.diagnostic.get(loops)
    return #found > 0
  end)
  assert(#found == 2, vim.inspect(found))
  for _, d in ipairs(found) do
    assert(d.severity == vim.diagnostic.severity.HINT and d.message:find('has a cycle') and d.message:find('∞'), d.message)
  end
end)

check("a graph with cycles: inlay hints give Smith's values, wins, losses and draws", function()
  local labels
  wait_for('inlay hints with draws', 10000, function()
    local hints = request(loops, 'textDocument/inlayHint', { textDocument = vim.lsp.util.make_text_document_params(loops), range = { start = { line = 0, character = 0 }, ['end'] = { line = 100, character = 0 } } })
    labels = {}
    for _, hint in ipairs(hints or {}) do table.insert(labels, hint.label) end
    return vim.tbl_contains(labels, '= ∞() · draw')
  end)
  for _, label in ipairs({ '= ∞(0) · win', '= 0 · lose', '∞(0)', '⊕ = ∞(1) · draw' }) do
    assert(vim.tbl_contains(labels, label), label .. ' missing: ' .. vim.inspect(labels))
  end
end)

check('a graph with cycles: the lens of a draw plays the move that keeps it', function()
  local line = line_of(loops, '^game g5')
  wait_for('the draw lens', 10000, function()
    vim.lsp.codelens.refresh()
    vim.wait(100)
    for _, lens in ipairs(vim.lsp.codelens.get(loops)) do
      if lens.command and lens.command.title == '▶ loops s → t (keeps the draw)' then return true end
    end
    return false
  end)
  vim.api.nvim_win_set_cursor(0, { line + 1, 0 })
  vim.lsp.codelens.run()
  wait_for('the move in the text', 10000, function()
    return vim.api.nvim_buf_get_lines(loops, line, line + 1, false)[1]:find('^game g5 = loops at t ') ~= nil
  end)
end)

-- Rules of one's own (examples/moves.game): their values, a queen's move played from its lens, a variable's hover.
local moves = open('moves.game')

check("rules of one's own: the contract's game is 7 (5, 2, 0 and 0)", function()
  local labels
  wait_for('the hints of mine', 10000, function()
    local hints = request(moves, 'textDocument/inlayHint', { textDocument = vim.lsp.util.make_text_document_params(moves), range = { start = { line = 0, character = 0 }, ['end'] = { line = 100, character = 0 } } })
    labels = {}
    for _, hint in ipairs(hints or {}) do table.insert(labels, hint.label) end
    return vim.tbl_contains(labels, '⊕ = *7 · win')
  end)
  for _, label in ipairs({ '*5', '*2', '0' }) do
    assert(vim.tbl_contains(labels, label), label .. ' missing: ' .. vim.inspect(labels))
  end
end)

check("a tuple rule of one's own: its lens writes the new position in place", function()
  local line = line_of(moves, '^game r ')
  wait_for('the rook lens', 10000, function()
    vim.lsp.codelens.refresh()
    vim.wait(100)
    for _, lens in ipairs(vim.lsp.codelens.get(moves)) do
      if lens.command and lens.command.title == '▶ rook (5, 8) → (5, 4)' then return true end
    end
    return false
  end)
  vim.api.nvim_set_current_buf(moves)
  vim.api.nvim_win_set_cursor(0, { line + 1, 0 })
  vim.lsp.codelens.run()
  wait_for('the move in the text', 10000, function()
    return vim.api.nvim_buf_get_lines(moves, line, line + 1, false)[1]:find('^game r = rook %(5, 4%)') ~= nil
  end)
end)

check("a rule's variable: its hover says what binds it", function()
  local line = line_of(moves, '^rule half')
  local text = vim.api.nvim_buf_get_lines(moves, line, line + 1, false)[1]
  local k = text:find('for k') + 4 -- 0-based: the k after `for `
  local hover = request(moves, 'textDocument/hover', { textDocument = vim.lsp.util.make_text_document_params(moves), position = { line = line, character = k } })
  local value = hover and hover.contents.value or ''
  assert(value:find('bound by `for k in 1..n / 2`'), value)
end)

-- Boards and graph games (examples/boards.game): their values, a board's hover, a Chomp move played from its lens.
local boards = open('boards.game')

check('boards and graph games: every game gets its value (the contract\'s Cram 1, Node Kayles 3, Chomp 1)', function()
  local labels = {}
  local expected = { '= *1 · win', '= 0 · lose', '= *3 · win', '= *4 · win', '= *2 · win', '⊕ = *5 · win' }
  local ok = pcall(wait_for, 'the hints of boards.game', 20000, function()
    local hints = request(boards, 'textDocument/inlayHint', { textDocument = vim.lsp.util.make_text_document_params(boards), range = { start = { line = 0, character = 0 }, ['end'] = { line = 100, character = 0 } } })
    labels = {}
    for _, hint in ipairs(hints or {}) do table.insert(labels, hint.label) end
    for _, label in ipairs(expected) do
      if not vim.tbl_contains(labels, label) then return false end
    end
    return true
  end)
  assert(ok, 'missing some of ' .. vim.inspect(expected) .. ' in ' .. vim.inspect(labels))
end)

check("a Cram board's hover: the regions it splits into, each with its value", function()
  local line = line_of(boards, '^game lines')
  local text = vim.api.nvim_buf_get_lines(boards, line, line + 1, false)[1]
  local at = text:find('cram') -- 1-based: the `r` of cram, 0-based
  local hover = request(boards, 'textDocument/hover', { textDocument = vim.lsp.util.make_text_document_params(boards), position = { line = line, character = at } })
  local value = hover and hover.contents.value or ''
  assert(value:find('regions played apart, their nim%-sum') and value:find('6 cells → `%*3`'), value)
end)

-- Runs the lens titled `title` on line `line` of `bufnr`, once the server shows it: where the line has several
-- lenses, Neovim asks which (vim.ui.select), and the one with this title is chosen.
local function run_lens(bufnr, line, title)
  wait_for('the lens ' .. title, 10000, function()
    vim.lsp.codelens.refresh()
    vim.wait(100)
    for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
      if lens.command and lens.command.title == title then return true end
    end
    return false
  end)
  vim.api.nvim_set_current_buf(bufnr)
  vim.api.nvim_win_set_cursor(0, { line + 1, 0 })
  local select = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    for i, item in ipairs(items) do
      if opts and opts.format_item and opts.format_item(item) == title then return on_choice(item, i) end
    end
    on_choice(nil, nil)
  end
  vim.lsp.codelens.run()
  vim.ui.select = select
end

check('a Chomp lens plays its move in the text', function()
  local line = line_of(boards, '^game bite')
  run_lens(boards, line, '▶ chomp [5, 3, 3, 1] → [2, 2, 2, 1]')
  wait_for('the move in the text', 10000, function()
    return vim.api.nvim_buf_get_lines(boards, line, line + 1, false)[1]:find('^game bite  = chomp %[2, 2, 2, 1%]') ~= nil
  end)
end)

local misere = open('misere.game')

check("a misère game of several rules: its lens tells their joint quotient as a message", function()
  local before = #shown
  run_lens(misere, line_of(misere, '^game mixed'), 'explore the misère quotient of kayles and nim')
  wait_for('a message', 30000, function() return #shown > before end)
  local message = shown[#shown]
  assert(message:find('The misère quotient of kayles and nim: %d+ elements') and message:find('P%-portion: '), message)
end)

results:close()
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end)
vim.cmd('qa!')
