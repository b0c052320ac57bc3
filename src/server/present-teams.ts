import type * as api from '@gitbook/api';
import type { MemberSpaceView } from '../domain/spaces/member-spaces.js';
import type { MemberTeamView, TeamMemberView } from '../domain/teams/teams.js';
import { member, space, team, type Urls } from './present.js';

export { team };

export function teamMember(urls: Urls, view: TeamMemberView): api.OrganizationTeamMember {
  return { organization: member(urls, view.member), team: { role: view.role as api.TeamMemberRole }, permissions: { view: true } };
}

export function memberTeam(view: MemberTeamView): { team: api.OrganizationTeam; member: api.TeamMember } {
  return { team: team(view.team), member: { role: view.role as api.TeamMemberRole } };
}

export function memberSpace(urls: Urls, view: MemberSpaceView): api.MemberContentPermission {
  return { permission: view.permission as api.MemberRole, space: space(urls, view.space) };
}
