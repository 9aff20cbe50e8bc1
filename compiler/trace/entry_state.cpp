// Implements the object state an entry specialises on (the scalar attributes
// of the objects it is called with: `self.training`, `self.eps`) and the
// attribute stores it replays. An attribute an entry writes before it reads
// it (`self.last_shape = x.shape` in a VAE block's forward) is not state: as
// torch.compile, which guards only on what a frame reads and replays its
// stores after the graph, a later call with the attribute changed reuses the
// specialisation, and the tracer replays the store on the object.
#include "trace/tracer.h"

namespace tcc::trace {

namespace {
// Appends the tokens of v's state: the scalar attributes (bool, int, float,
// str, None) of objects, and of the objects, lists, tuples and dicts they
// hold. A token of an attribute covers its value's tokens up to `end`, so an
// attribute left out of the state leaves out what it holds.
void StateTokens(const ValuePtr& v, std::set<const Value*>& seen, std::vector<Tracer::StateToken>& out, int depth,
                 size_t& chars) {
  if (depth > 8 || chars > 65536 || !seen.insert(v.get()).second) return;
  auto text = [&](const Value* obj, std::string attr, std::string s) {
    chars += s.size();
    out.push_back({obj, std::move(attr), std::move(s), out.size() + 1});
  };
  switch (v->kind) {
    case VK::Object:
      text(nullptr, "", "{");
      for (const auto& [k, a] : v->attrs) {
        size_t at = out.size();
        if (a->is_number() || a->kind == VK::Str || a->kind == VK::None) {
          text(v.get(), k, k + "=" + (a->known ? Describe(*a) : std::string("?")) + ";");
        } else {
          text(v.get(), k, k + ":");
          StateTokens(a, seen, out, depth + 1, chars);
          out[at].end = out.size();
        }
      }
      text(nullptr, "", "}");
      return;
    case VK::List: case VK::Tuple: case VK::Dict:
      text(nullptr, "", "[");
      for (const auto& x : v->items) StateTokens(x, seen, out, depth + 1, chars);
      text(nullptr, "", "]");
      return;
    case VK::BoundMethod: case VK::Wrapper:
      if (v->self_value) StateTokens(v->self_value, seen, out, depth + 1, chars);
      if (v->inner) StateTokens(v->inner, seen, out, depth + 1, chars);
      return;
    case VK::Unknown: case VK::None: case VK::Bool: case VK::Int: case VK::Float: case VK::Str: case VK::Ellipsis:
    case VK::Slice: case VK::Set: case VK::Tensor: case VK::DType: case VK::Function: case VK::Builtin: case VK::Class:
    case VK::Module: case VK::Marker:
      return;
  }
}
}  // namespace

std::vector<Tracer::StateToken> Tracer::ObjectState(const std::vector<ValuePtr>& values) {
  std::vector<StateToken> out;
  std::set<const Value*> seen;
  size_t chars = 0;
  for (const auto& v : values) StateTokens(v, seen, out, 0, chars);
  return out;
}

std::string Tracer::RenderState(const std::vector<StateToken>& tokens, const std::string& base_key) const {
  const AttrAccess* access = nullptr;
  if (auto it = attr_access_by_base.find(base_key); it != attr_access_by_base.end()) access = &it->second;
  auto stored_only = [&](const StateToken& t) { return access && t.obj && access->StoredOnly({t.obj, t.attr}); };
  std::string s;
  for (size_t i = 0; i < tokens.size();) {
    if (stored_only(tokens[i])) {
      i = tokens[i].end;
      continue;
    }
    s += tokens[i].text;
    ++i;
  }
  return s;
}

void Tracer::NoteAttrRead(const ValuePtr& obj, const std::string& attr) {
  if (attr_access && obj->kind == VK::Object && !attr_access->written_first.count({obj.get(), attr}))
    attr_access->read.insert({obj.get(), attr});
}

void Tracer::NoteAttrWrite(const ValuePtr& obj, const std::string& attr) {
  if (attr_access && obj->kind == VK::Object && !attr_access->ReadFirst({obj.get(), attr}))
    attr_access->written_first.emplace(AttrRef{obj.get(), attr}, obj);
}

void Tracer::RecordStores(const std::string& base_key, const AttrAccess& mine, SpecReturn& cached) {
  AttrAccess& all = attr_access_by_base[base_key];
  all.read.insert(mine.read.begin(), mine.read.end());
  for (const auto& [ref, obj] : mine.written_first) {
    all.written_first.emplace(ref, obj);
    auto it = obj->attrs.find(ref.second);
    cached.stores.emplace_back(obj, ref.second, it == obj->attrs.end() ? nullptr : it->second);
  }
}

void Tracer::ReplayStores(const SpecReturn& cached, ValueMap& map) {
  for (const auto& [obj, attr, value] : cached.stores) {
    auto it = map.find(obj.get());
    const ValuePtr& target = it == map.end() ? obj : it->second;
    if (target->kind != VK::Object) continue;
    if (!value) {
      target->attrs.erase(attr);
      std::erase(target->attr_order, attr);
    } else {
      target->SetAttr(attr, FreshCopy(value, cached.made_since, map));
    }
  }
}

void Tracer::DropStoreGuards(Segment& seg) const {
  std::vector<std::string> stored;
  if (attr_access)
    for (const auto& p : seg.attr_paths) {
      if (attr_access->StoredOnly({static_cast<const Value*>(p.object), p.attr})) stored.push_back(p.path);
    }
  seg.attr_paths.clear();
  if (stored.empty()) return;
  auto under = [&](const std::string& path) {
    for (const auto& p : stored)
      if (path.starts_with(p) && (path.size() == p.size() || path[p.size()] == '.' || path[p.size()] == '['))
        return true;
    return false;
  };
  std::erase_if(seg.guards, [&](const Guard& g) { return under(g.path); });
}

}  // namespace tcc::trace
